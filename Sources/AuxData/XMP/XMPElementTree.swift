#if canImport(CLibXML2)
import CLibXML2
#else
import CLibXML2Darwin
#endif
import Container
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The elements of one XMP packet as libxml2's SAX2 callbacks report them, kept in flat
/// arrays instead of libxml2's DOM: one record per element and per attribute, names interned
/// once, text and attribute values in one byte buffer. A DOM allocates a node per element, per
/// attribute, per run of text and per value (about 400 allocations for an iPhone's depth XMP),
/// and most of it, the whitespace between elements first, is never looked at.
///
/// What is recorded is what `XMPParser` reads (Adobe XMP Specification Part 1 §7): an element's
/// namespace, prefix and local name, its attributes, its child elements in order, the text
/// directly inside it up to its first child element (the only text RDF gives a meaning:
/// a property with child elements is a structure or an array), and where its start tag ends
/// (`xmlByteConsumed`), from which `XMPSourcePositions` finds the tag in the packet.
///
/// Also what the callbacks see of errors: libxml2 keeps only the last one, which for a
/// mismatched tag is a consequence ("premature end of data"); the first names the cause.
final class XMPElementTree {
    struct Element {
        /// Indices into `names`; -1 when the element has no namespace or no prefix.
        var namespace: Int
        var prefix: Int
        var local: Int
        /// Its attributes, a run of `attributes`.
        var attributes: Range<Int>
        /// Child elements as a linked list of indices into `elements`; -1 ends it.
        var firstChild = -1
        var lastChild = -1
        var nextSibling = -1
        /// The text before the first child element, a run of `characters`.
        var text: Range<Int>
        var hasChildElement = false
        /// Packet offset just past the start tag, as libxml2 counts consumed input bytes.
        var startTagEnd: Int
    }

    struct Attribute {
        /// Indices into `names`; -1 when the attribute has no namespace or no prefix.
        var namespace: Int
        var prefix: Int
        var local: Int
        /// The value as the XML specification reads it (§3.3.3 normalization, references
        /// replaced), a run of `characters`.
        var value: Range<Int>
    }

    // One parse owns a tree and runs on one thread, start to end: the run-time exclusivity
    // check on each access of a class's stored property (a third of the time spent recording
    // a packet) guards against nothing here.
    @exclusivity(unchecked) private(set) var elements: [Element] = []
    @exclusivity(unchecked) private(set) var attributes: [Attribute] = []
    @exclusivity(unchecked) private(set) var characters: [UInt8] = []
    /// Namespace URIs, prefixes and local names, kept with the parser context (`XMPNames`).
    let names: XMPNames
    /// The elements open at this point of the parse, innermost last.
    @exclusivity(unchecked) private var open: [Int] = []

    /// `packetSize` bounds what text and values hold: their buffer is allocated once. `names`:
    /// the names of the packets read before on the same parser context.
    init(packetSize: Int, names: XMPNames = XMPNames()) {
        characters.reserveCapacity(packetSize)
        names.startPacket()
        self.names = names
    }

    @exclusivity(unchecked) var message: String?
    @exclusivity(unchecked) var line = 0
    @exclusivity(unchecked) var column = 0

    /// The document element, the first element that opened at the top.
    var root: Int? { elements.isEmpty ? nil : 0 }

    /// The child elements of `element`, in document order.
    func children(of element: Int) -> Children {
        Children(tree: self, upcoming: elements[element].firstChild)
    }

    struct Children: Sequence, IteratorProtocol {
        let tree: XMPElementTree
        var upcoming: Int
        mutating func next() -> Int? {
            guard upcoming >= 0 else { return nil }
            defer { upcoming = tree.elements[upcoming].nextSibling }
            return upcoming
        }
    }

    func name(_ index: Int) -> String { index >= 0 ? names.names[index] : "" }

    func text(_ range: Range<Int>) -> String {
        characters.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    // MARK: Recording (called from the SAX2 callbacks)

    /// The most elements a packet may have: a record is about 100 bytes, and a packet of
    /// empty elements (`<a/>`, 4 bytes each) the size `ParseLimits.maxXMPBytes` allows would
    /// otherwise ask for gigabytes. Real packets have hundreds.
    static let maxElements = 1 << 20

    /// Set when the packet has more than `maxElements` elements; the parse is stopped there.
    @exclusivity(unchecked) private(set) var tooManyElements = false

    /// Records an element; false (with `tooManyElements` set) when it is one too many.
    func startElement(local: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
                      attributeCount: Int, attributeFields: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                      startTagEnd: Int) -> Bool {
        guard elements.count < Self.maxElements else {
            tooManyElements = true
            return false
        }
        let index = elements.count
        if let parent = open.last {
            // The parent's text is no longer read (it has a child element): its bytes go.
            if !elements[parent].hasChildElement {
                elements[parent].hasChildElement = true
                characters.removeSubrange(elements[parent].text)
                elements[parent].text = elements[parent].text.lowerBound..<elements[parent].text.lowerBound
            }
            if elements[parent].lastChild >= 0 {
                elements[elements[parent].lastChild].nextSibling = index
            } else {
                elements[parent].firstChild = index
            }
            elements[parent].lastChild = index
        }
        let firstAttribute = attributes.count
        if let fields = attributeFields {
            // libxml2 hands each attribute over as five pointers: local name, prefix, URI,
            // value start, value end.
            for i in 0..<attributeCount {
                let f = fields + 5 * i
                let valueStart = characters.count
                if let start = f[3], let end = f[4], end >= start {
                    appendValue(UnsafeBufferPointer(start: start, count: end - start))
                }
                attributes.append(Attribute(namespace: intern(f[2]), prefix: intern(f[1]), local: intern(f[0]),
                                            value: valueStart..<characters.count))
            }
        }
        elements.append(Element(namespace: intern(uri), prefix: intern(prefix), local: intern(local),
                                attributes: firstAttribute..<attributes.count,
                                text: characters.count..<characters.count, startTagEnd: startTagEnd))
        open.append(index)
        return true
    }

    func endElement() {
        _ = open.popLast()
    }

    func characters(_ bytes: UnsafePointer<xmlChar>?, count: Int) {
        guard let e = open.last, !elements[e].hasChildElement, let bytes, count > 0 else { return }
        // The element's text runs to the end of the buffer: nothing else is recorded between
        // its start tag and its first child element.
        characters.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        elements[e].text = elements[e].text.lowerBound..<characters.count
    }

    /// An attribute value as libxml2's SAX2 interface gives it without entity substitution:
    /// character and predefined entity references are replaced, except those for `&`, which
    /// come through as the five characters `&#38;` (a literal `&` cannot occur in a value,
    /// XML 1.0 §3.1 AttValue, so every `&` starts one) for libxml2's tree builder to replace.
    /// Replaced here, so the value is what the XML specification says it is.
    private func appendValue(_ value: UnsafeBufferPointer<xmlChar>) {
        let raw = UnsafeRawBufferPointer(value)
        var i = 0
        while i < value.count {
            // A value can be a megabyte of base64: copied in runs between the `&`s.
            let amp = ByteScan.firstIndex(of: 0x26, in: raw, i..<value.count) ?? value.count
            characters.append(contentsOf: UnsafeBufferPointer(rebasing: value[i..<amp]))
            guard amp < value.count else { return }
            characters.append(0x26)
            // "&#38;" is 0x26 0x23 0x33 0x38 0x3B.
            let reference = amp + 4 < value.count && value[amp + 1] == 0x23 && value[amp + 2] == 0x33
                && value[amp + 3] == 0x38 && value[amp + 4] == 0x3B
            i = amp + (reference ? 5 : 1)
        }
    }

    private func intern(_ p: UnsafePointer<xmlChar>?) -> Int { names.intern(p) }
}
