import Container

/// Where each property of a parsed packet starts in the packet's bytes.
///
/// libxml2 keeps no byte position on its nodes (only a line), so while it parses, the position
/// at which each start tag's attributes end is recorded (`xmlByteConsumed` when the start tag
/// is reported: the `>` or `/>` still to come). XML forbids a raw `<` inside a start tag
/// (XML 1.0 §2.4, §3.1: attribute values), so the last `<` before that position starts the tag;
/// an attribute is found by reading the tag's attributes in order, skipping quoted values.
struct XMPSourcePositions {
    /// The packet as libxml2 read it; index 0 is the packet's first byte.
    let bytes: ArraySlice<UInt8>
    /// Per element node, by its address: the packet-relative position where its start tag's
    /// attributes end.
    let startTagEnds: [Int: Int]

    /// Packet-relative offset of the element's `<`.
    func element(_ node: UnsafeMutableRawPointer) -> Int? {
        guard let end = startTagEnds[Int(bitPattern: node)], end >= 0, end <= bytes.count else { return nil }
        return bytes.withUnsafeBytes { ByteScan.lastIndex(of: 0x3C, in: $0, 0..<end) }
    }

    /// Packet-relative offsets of every attribute in the element's start tag, by qualified
    /// name, read in one pass over the tag (a GDepth tag can hold a megabyte of base64, so it
    /// is not read again for each attribute).
    func attributes(of node: UnsafeMutableRawPointer) -> [String: Int] {
        guard let start = element(node), let end = startTagEnds[Int(bitPattern: node)] else { return [:] }
        var out: [String: Int] = [:]
        bytes.withUnsafeBufferPointer { all in
            let tag = UnsafeBufferPointer(rebasing: all[start..<end])
            let raw = UnsafeRawBufferPointer(tag)
            func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
            var i = 1
            // The element's own name.
            while i < tag.count, !isSpace(tag[i]) { i += 1 }
            while i < tag.count {
                while i < tag.count, isSpace(tag[i]) { i += 1 }
                let nameStart = i
                while i < tag.count, !isSpace(tag[i]), tag[i] != 0x3D { i += 1 }
                if i > nameStart {
                    let name = String(decoding: UnsafeBufferPointer(rebasing: tag[nameStart..<i]), as: UTF8.self)
                    if out[name] == nil { out[name] = start + nameStart }
                }
                // `=`, then the value in its quotes (XML 1.0 §3.1 AttValue).
                while i < tag.count, tag[i] != 0x22, tag[i] != 0x27 { i += 1 }
                guard i < tag.count else { return }
                let quote = tag[i]
                // The value can be a megabyte of base64: searched a word at a time.
                guard let close = ByteScan.firstIndex(of: quote, in: raw, (i + 1)..<tag.count) else { return }
                i = close + 1
            }
        }
        return out
    }
}
