import Container
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where each property of a parsed packet starts in the packet's bytes.
///
/// libxml2 keeps no byte position on what it reports (only a line), so while it parses, the
/// position at which each start tag's attributes end is recorded (`xmlByteConsumed` when the
/// start tag is reported: the `>` or `/>` still to come). XML forbids a raw `<` inside a start
/// tag (XML 1.0 §2.4, §3.1: attribute values), so the last `<` before that position starts the
/// tag; an attribute is found by reading the tag's attributes in order, skipping quoted values.
struct XMPSourcePositions {
    /// The packet as libxml2 read it; index 0 is the packet's first byte.
    let bytes: ArraySlice<UInt8>
    let tree: XMPElementTree

    /// Packet-relative offset of the element's `<`.
    func element(_ element: Int) -> Int? {
        let end = tree.elements[element].startTagEnd
        guard end >= 0, end <= bytes.count else { return nil }
        return bytes.withUnsafeBytes { ByteScan.lastIndex(of: 0x3C, in: $0, 0..<end) }
    }

    /// Packet-relative ranges of the qualified names of every attribute in the element's start
    /// tag, in order, read in one pass over the tag (a GDepth tag can hold a megabyte of
    /// base64, so it is not read again for each attribute).
    func attributeNames(of element: Int) -> [Range<Int>] {
        let end = tree.elements[element].startTagEnd
        guard let start = self.element(element), end <= bytes.count else { return [] }
        var out: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { all in
            let raw = UnsafeRawBufferPointer(all)
            func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
            var i = start + 1
            // The element's own name.
            while i < end, !isSpace(all[i]) { i += 1 }
            while i < end {
                while i < end, isSpace(all[i]) { i += 1 }
                let nameStart = i
                while i < end, !isSpace(all[i]), all[i] != 0x3D { i += 1 }
                if i > nameStart { out.append(nameStart..<i) }
                // `=`, then the value in its quotes (XML 1.0 §3.1 AttValue).
                while i < end, all[i] != 0x22, all[i] != 0x27 { i += 1 }
                guard i < end else { return }
                let quote = all[i]
                // The value can be a megabyte of base64: searched a word at a time.
                guard let close = ByteScan.firstIndex(of: quote, in: raw, (i + 1)..<end) else { return }
                i = close + 1
            }
        }
        return out
    }

    /// Packet-relative offset of the first of `names` that reads `prefix:local` (`local`
    /// without a prefix), compared byte for byte.
    func offset(ofAttribute prefix: String, _ local: String, among names: [Range<Int>]) -> Int? {
        let length = prefix.isEmpty ? local.utf8.count : prefix.utf8.count + 1 + local.utf8.count
        return bytes.withUnsafeBufferPointer { all -> Int? in
            // `names` lie inside the packet and `length` fits each, so these reads stay in it.
            func reads(_ text: String, at start: Int) -> Bool {
                text.utf8.withContiguousStorageIfAvailable { t in
                    guard let a = t.baseAddress, let b = all.baseAddress else { return t.isEmpty }
                    return memcmp(a, b + start, t.count) == 0
                } ?? text.utf8.elementsEqual(all[start..<(start + text.utf8.count)])
            }
            for r in names where r.count == length {
                if prefix.isEmpty {
                    if reads(local, at: r.lowerBound) { return r.lowerBound }
                } else {
                    let colon = r.lowerBound + prefix.utf8.count
                    if all[colon] == 0x3A, reads(prefix, at: r.lowerBound), reads(local, at: colon + 1) { return r.lowerBound }
                }
            }
            return nil
        }
    }
}
