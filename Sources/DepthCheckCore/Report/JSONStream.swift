import Container
import Validator
import AuxData

/// A pretty-printed JSON document whose one long array is written item by item: the text
/// before the array's first item, each item at the array's indentation, and the text after
/// it. The pieces are cut from the document rendered around a marker item, so the streamed
/// text is byte for byte what rendering the whole document would give.
struct JSONStream {
    /// Up to and including the array's `[`.
    let head: String
    /// What comes before each item (a newline and the indentation, or a comma first).
    let itemIndent: Int
    /// From the array's closing `]` (after its own newline and indentation) to the end.
    let closing: String
    let tail: String

    static let marker = "\u{1}depthcheck-stream-item\u{1}"

    /// `document` builds the whole document around an array; it is given the array's items.
    init(_ document: ([JSONValue]) -> JSONValue) {
        let text = document([.string(JSONStream.marker)]).rendered()
        let quoted = JSONValue.string(JSONStream.marker).rendered(pretty: false)
        guard let at = TextSearch.range(of: quoted, in: text),
              let open = text[..<at.lowerBound].lastIndex(of: "[") else {
            // Every document handed in holds the marker in an array: this cannot happen.
            head = text; itemIndent = 0; closing = ""; tail = ""
            return
        }
        head = String(text[...open])
        let pad = text.distance(from: text.index(after: open), to: at.lowerBound) - 1
        itemIndent = pad / 2
        let rest = text[at.upperBound...]
        let close = rest.firstIndex(of: "]") ?? rest.endIndex
        closing = String(rest[..<close])
        tail = String(rest[close...])
    }

    /// The text for item number `n` (0-based).
    func item(_ value: JSONValue, number n: Int) -> String {
        (n == 0 ? "\n" : ",\n") + String(repeating: "  ", count: itemIndent) + value.rendered(indent: itemIndent)
    }

    /// The text after `count` items.
    func end(count: Int) -> String { (count == 0 ? "" : closing) + tail }
}
