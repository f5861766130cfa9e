import Validator
import AuxData
import Container
/// Builds the `JSONValue` tree of what is written to it: the pretty-printed documents
/// (`check --format json`, `info --json`) and callers that look at a report's values.
struct JSONTreeBuilder: JSONSink {
    /// The containers open, innermost last, each with the key its next value takes.
    private var open: [(members: [(String, JSONValue)], elements: [JSONValue], isObject: Bool, key: String)] = []
    /// The outermost value, once it is complete.
    private(set) var result: JSONValue?

    private mutating func put(_ v: JSONValue) {
        guard !open.isEmpty else { result = v; return }
        let last = open.count - 1
        if open[last].isObject {
            open[last].members.append((open[last].key, v))
            open[last].key = ""
        } else {
            open[last].elements.append(v)
        }
    }

    mutating func beginObject() { open.append(([], [], true, "")) }
    mutating func beginArray() { open.append(([], [], false, "")) }

    mutating func endObject() {
        guard let o = open.popLast() else { return }
        put(.object(o.members))
    }

    mutating func endArray() {
        guard let a = open.popLast() else { return }
        put(.array(a.elements))
    }

    mutating func key(_ name: String) {
        guard !open.isEmpty else { return }
        open[open.count - 1].key = name
    }

    mutating func null() { put(.null) }
    mutating func bool(_ value: Bool) { put(.bool(value)) }
    mutating func int(_ value: Int) { put(.int(value)) }
    mutating func double(_ value: Double) { put(.double(value)) }
    mutating func string(_ value: String) { put(.string(value)) }

    /// The tree `write` makes.
    static func build(_ write: (inout JSONTreeBuilder) -> Void) -> JSONValue {
        var b = JSONTreeBuilder()
        write(&b)
        return b.result ?? .null
    }

    /// The members of the object `write` makes inside an object of its own.
    static func members(_ write: (inout JSONTreeBuilder) -> Void) -> [(String, JSONValue)] {
        guard case .object(let fields) = build({ b in b.beginObject(); write(&b); b.endObject() }) else { return [] }
        return fields
    }
}
