extension JPEG.MultiPictureFile {
    /// The most packet bytes one Extended XMP chunk carries: Adobe XMP Specification Part 3
    /// §1.1.3.1 splits the packet into chunks of at most 65,400 bytes so that each APP1
    /// segment, with its 75-byte header, stays under the 65,533-byte payload limit.
    package static let extendedXMPChunkBytes = 65_400

    /// `image` (SOI to EOI) with its first StandardXMP APP1 segment's packet replaced by
    /// `standard` (the segment removed when nil), every Extended XMP APP1 segment of GUID `oldGUID` removed and, when
    /// `extended` is given, that packet written after the StandardXMP segment again (Adobe XMP
    /// Part 3 §1.1.3.1: GUID = the MD5 of the whole packet as 32 upper-case hex digits, full
    /// length and offset as u32 big-endian, chunks of at most 65,400 bytes). Every other
    /// segment and the coded data are copied as they are.
    package static func replacingXMP(in image: [UInt8], standard: [UInt8]?, oldGUID: String?,
                                    extended: [UInt8]?, path: String = "") throws(WriteError) -> [UInt8] {
        let header = try WriteError.reading(try JPEG.Image(parsingHeadersOf: image, at: 0, pathPrefix: path))
        let std = XMPPacket.Standard.identifier, ext = XMPPacket.ExtendedChunk.identifier
        func payloadStarts(_ s: JPEG.Segment, _ id: [UInt8]) -> Bool {
            s.payload.count >= id.count && Array(image[s.payload.lowerBound..<(s.payload.lowerBound + id.count)]) == id
        }
        func segment(_ payload: [UInt8], at: Int) throws(WriteError) -> [UInt8] {
            // ITU-T T.81 B.1.1.4: the length field counts itself and is 16 bits.
            guard let length = payload.count +? 2, let l = UInt16(exactly: length) else {
                throw WriteError(.fieldOverflow, at: at, path: path + "APP1/XMP", "\(payload.count) bytes do not fit one APP1 segment")
            }
            return [0xFF, 0xE1, UInt8(l >> 8), UInt8(l & 0xFF)] + payload
        }
        var out: [UInt8] = [0xFF, 0xD8]
        var previous = 2
        var placed = false
        var rest: Int?
        for s in header.segments.dropFirst() {
            if s.marker == .sos || s.marker == .eoi { rest = previous; break }
            defer { previous = s.end }
            if s.marker == .app1, payloadStarts(s, ext), let oldGUID,
               s.payload.count >= ext.count + 32,
               String(decoding: image[(s.payload.lowerBound + ext.count)..<(s.payload.lowerBound + ext.count + 32)], as: UTF8.self) == oldGUID {
                continue
            }
            if s.marker == .app1, !placed, payloadStarts(s, std) {
                placed = true
                // nil: the segment goes (a packet left with no property says nothing).
                if let standard { out += try segment(std + standard, at: s.offset) }
                if let extended { out += try extendedSegments(extended, at: s.offset, path: path) }
                continue
            }
            out += image[previous..<s.end]
        }
        guard let restStart = rest, placed else {
            throw WriteError(.notAnImage, at: 0, path: path + "APP1/XMP", placed ? "no SOS or EOI after the headers" : "no StandardXMP segment to replace")
        }
        return out + image[restStart...]
    }

    /// The most bytes a StandardXMP packet holds: Adobe XMP Specification Part 3 §1.1.3.1, an
    /// APP1 payload of at most 65,533 bytes less the 29-byte namespace header.
    package static let standardXMPPacketBytes = 65_504

    /// `image` (SOI to EOI) with `standard` as its StandardXMP packet and, when given,
    /// `extended` written after it as Extended XMP: the first StandardXMP segment is replaced
    /// when there is one (see `replacingXMP`); otherwise a new APP1 segment goes after the
    /// leading APP0 (JFIF) and APP1 (Exif) segments, which ITU-T T.81 Annex B and JFIF want
    /// first, and every other byte is copied as it is.
    package static func settingXMP(in image: [UInt8], standard: [UInt8], extended: [UInt8]?,
                                  path: String = "") throws(WriteError) -> [UInt8] {
        let header = try WriteError.reading(try JPEG.Image(parsingHeadersOf: image, at: 0, pathPrefix: path))
        if header.xmp != nil {
            return try replacingXMP(in: image, standard: standard, oldGUID: nil, extended: extended, path: path)
        }
        var at = 2
        for s in header.segments.dropFirst() {
            guard s.marker == .app0 || s.marker == .app1 else { break }
            at = s.end
        }
        guard at <= image.count else {
            throw WriteError(.notAnImage, at: at, path: path + "APP1/XMP", "the headers run past the image")
        }
        let payload = XMPPacket.Standard.identifier + standard
        guard let l = UInt16(exactly: payload.count + 2) else {
            throw WriteError(.fieldOverflow, at: at, path: path + "APP1/XMP", "\(standard.count) bytes do not fit one APP1 segment")
        }
        var out = Array(image[..<at])
        out += [0xFF, 0xE1, UInt8(l >> 8), UInt8(l & 0xFF)] + payload
        if let extended { out += try extendedSegments(extended, at: at, path: path) }
        return out + image[at...]
    }

    /// The APP1 segments of one Extended XMP packet, in offset order.
    static func extendedSegments(_ packet: [UInt8], at: Int, path: String) throws(WriteError) -> [UInt8] {
        guard let full = UInt32(exactly: packet.count) else {
            throw WriteError(.fieldOverflow, at: at, path: path + "APP1/ExtendedXMP", "\(packet.count) bytes do not fit 32 bits")
        }
        let guid = Array(MD5.hexDigest(packet).utf8)
        var out: [UInt8] = []
        var offset = 0
        repeat {
            let end = min(packet.count, offset + extendedXMPChunkBytes)
            var w = ByteWriter()
            w.append(XMPPacket.ExtendedChunk.identifier)
            w.append(guid)
            w.u32(full)
            w.u32(UInt32(truncatingIfNeeded: offset))  // below `full`, which fits 32 bits
            w.append(Array(packet[offset..<end]))
            let length = w.bytes.count + 2  // at most 75 + 65,400 + 2
            out += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + w.bytes
            offset = end
        } while offset < packet.count
        return out
    }
}
