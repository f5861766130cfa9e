import Validator
import AuxData
import Container
/// Where a report's JSON goes as it is made: a `JSONValue` tree (`JSONTreeBuilder`, for the
/// pretty-printed documents and for callers that look at the values) or the bytes of one
/// JSON Lines record (`JSONLineWriter`, for a batch). `JSONReport` and `PhotoJSON` write a
/// report's fields once, for both; a batch's records then cost no tree to build and free.
///
/// Calls come as JSON is written: `key(_:)` before each value of an object, containers
/// opened and closed in order.
protocol JSONSink {
    mutating func beginObject()
    mutating func endObject()
    mutating func beginArray()
    mutating func endArray()
    /// The name of the next value, inside an object.
    mutating func key(_ name: String)
    mutating func null()
    mutating func bool(_ value: Bool)
    mutating func int(_ value: Int)
    mutating func double(_ value: Double)
    mutating func string(_ value: String)
}

extension JSONSink {
    mutating func field(_ name: String, _ value: Int) { key(name); int(value) }
    mutating func field(_ name: String, _ value: Double) { key(name); double(value) }
    mutating func field(_ name: String, _ value: String) { key(name); string(value) }

    /// The value, or null when there is none.
    mutating func field(_ name: String, _ value: Int?) {
        key(name)
        if let value { int(value) } else { null() }
    }

    /// The value, or null when there is none.
    mutating func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    /// An object named `name` whose members `body` writes.
    mutating func object(_ name: String, _ body: (inout Self) -> Void) {
        key(name)
        beginObject()
        body(&self)
        endObject()
    }

    /// An array named `name` whose elements `body` writes.
    mutating func array(_ name: String, _ body: (inout Self) -> Void) {
        key(name)
        beginArray()
        body(&self)
        endArray()
    }
}
