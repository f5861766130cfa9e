import Validator
import AuxData
import Container
/// JSON written straight to UTF-8 on one line, byte for byte what `JSONValue.rendered(pretty:
/// false)` gives for the same calls: a batch's JSON Lines record, made without a tree.
struct JSONLineWriter: JSONSink {
    private(set) var bytes: [UInt8] = []
    /// Whether the next key or value follows a value of the same container (a comma first).
    private var afterValue = false

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// The record with its line feed; the writer is left empty (the bytes are handed over,
    /// not copied).
    mutating func line() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        var out: [UInt8] = []
        swap(&out, &bytes)
        afterValue = false
        return out
    }

    private mutating func separate() {
        if afterValue { bytes.append(UInt8(ascii: ",")) }
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        afterValue = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        afterValue = true
    }

    mutating func key(_ name: String) {
        separate()
        JSONValue.quote(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterValue = false
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        afterValue = true
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        afterValue = true
    }

    mutating func int(_ value: Int) {
        separate()
        JSONValue.digits(value, into: &bytes)
        afterValue = true
    }

    mutating func double(_ value: Double) {
        separate()
        bytes.append(contentsOf: JSONValue.format(value).utf8)
        afterValue = true
    }

    mutating func string(_ value: String) {
        separate()
        JSONValue.quote(value, into: &bytes)
        afterValue = true
    }
}
