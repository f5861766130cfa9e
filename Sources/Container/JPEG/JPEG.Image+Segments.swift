extension JPEG.Image {
    /// Whether the two bytes at `offset` are `FF` followed by `marker`; false when they do not
    /// both lie inside `bytes`.
    static func hasMarker(_ marker: JPEG.Marker, in bytes: [UInt8], at offset: Int) -> Bool {
        guard let r = try? ByteReader(bytes).reader(from: offset, path: "") else { return false }
        return r.startsWith([0xFF, marker.rawValue])
    }

    /// T.81 B.1.1.2-B.1.1.4: reads markers from `position` until SOS (whose header is read)
    /// or EOI. Segments whose content depthcheck needs are decoded on the way.
    mutating func readSegments(_ bytes: [UInt8], from position: Int, counts: inout JPEG.MarkerCounts,
                               limits: ParseLimits) throws(ParseError) -> Stop {
        var r = ByteReader(bytes, path: pathPrefix + "segment")
        try r.seek(toAbsolute: position)
        while true {
            let (marker, markerOffset, skipped) = try Self.readMarker(&r)
            if let skipped { extraneousBytes.append(skipped) }
            let ordinal = counts.next(marker.rawValue)
            let prefix = pathPrefix
            var path: String { JPEG.Segment.path(prefix, marker, ordinal) }  // made only for an error
            // FF 00 only occurs inside entropy-coded data (T.81 F.1.2.3); SOI only at the start;
            // RSTn only inside entropy-coded data (T.81 B.2.1).
            if marker.rawValue == 0x00 || marker == .soi || marker.isRestart {
                throw ParseError(marker.rawValue == 0 ? .jpegExpectedMarker : .unexpectedMarker,
                                 at: markerOffset, path: path, Self.strayMarker(marker))
            }
            guard segments.count < limits.maxBoxes else {
                throw ParseError(.tooManySegments, at: markerOffset, path: path, "more than \(limits.maxBoxes) segments")
            }
            let segment = try Self.readSegment(&r, marker: marker, at: markerOffset, ordinal: ordinal, pathPrefix: prefix)
            segments.append(segment)
            if marker == .eoi { return .eoi }
            if marker == .sos {
                noteScan(segment, bytes)
                return .sos
            }
            if !marker.isStandalone { interpret(segment, bytes, limits: limits) }
        }
    }

    /// T.81 B.1.1.2: a marker is `FF` and a code; any number of `FF` fill bytes may come
    /// before the code. Returns the marker, the offset of the `FF` just before its code, and the
    /// bytes that were neither a marker nor fill when some came first: they are skipped up to
    /// the next `FF`, as libjpeg's decoder does ("extraneous bytes before marker"), so a segment
    /// one or two bytes longer than its length says still leaves the rest of the file readable.
    static func readMarker(_ r: inout ByteReader) throws(ParseError) -> (JPEG.Marker, Int, Range<Int>?) {
        let at = r.position
        guard !r.isAtEnd else {
            throw ParseError(.truncated, at: at, path: r.path, "the file ends where a marker is expected")
        }
        var first = try r.readU8()
        var skipped: Range<Int>?
        if first != 0xFF {
            while first != 0xFF {
                guard !r.isAtEnd else {
                    throw ParseError(.jpegExpectedMarker, at: at, path: r.path,
                                     "byte 0x\(String(first, radix: 16)) where a marker (FF) is expected, and no marker follows")
                }
                first = try r.readU8()
            }
            // safe: the FF just read is at position - 1 >= at + 1.
            skipped = at..<(r.position - 1)
        }
        var code = first
        while code == 0xFF {
            guard !r.isAtEnd else { throw ParseError(.truncated, at: r.position, path: r.path, "the file ends inside a marker") }
            code = try r.readU8()
        }
        // safe: at least the FF and the code were read, so position >= at + 2.
        return (JPEG.Marker(rawValue: code), r.position - 2, skipped)
    }

    /// T.81 B.1.1.4: the length counts its own two bytes but not the marker; standalone
    /// markers (B.1.1.3) have neither length nor payload.
    static func readSegment(_ r: inout ByteReader, marker: JPEG.Marker, at offset: Int, ordinal: Int,
                            pathPrefix: String) throws(ParseError) -> JPEG.Segment {
        let lengthAt = r.position
        var path: String { JPEG.Segment.path(pathPrefix, marker, ordinal) }  // made only for an error
        if marker.isStandalone {
            return JPEG.Segment(marker: marker, offset: offset, length: 0, payload: lengthAt..<lengthAt,
                                ordinal: ordinal, pathPrefix: pathPrefix)
        }
        guard r.remaining >= 2 else {
            throw ParseError(.truncated, at: lengthAt, path: path, "the file ends inside the length of \(marker)")
        }
        let length = Int(try r.readU16())
        guard length >= 2 else {
            throw ParseError(.segmentLengthBelowTwo, at: lengthAt, path: path, "\(marker) length \(length) is below 2")
        }
        // The bytes from the length field to the end of the file.
        let left = r.remaining + 2
        guard length <= left else {
            throw ParseError(.segmentTruncated, at: lengthAt, path: path,
                             "\(marker) length \(length) runs past the end of the file (\(left) bytes left)")
        }
        // Checked above: the payload lies inside the file.
        let payloadStart = r.position
        try r.skip(length - 2)
        return JPEG.Segment(marker: marker, offset: offset, length: length, payload: payloadStart..<r.position,
                            ordinal: ordinal, pathPrefix: pathPrefix)
    }

    /// T.81 B.2.3: Ls = 6 + 2·Ns. A scan before the frame header is out of order (B.2.1).
    mutating func noteScan(_ segment: JPEG.Segment, _ bytes: [UInt8]) {
        scanCount += 1
        if entropyDataStart == nil { entropyDataStart = segment.end }
        if frame == nil {
            issues.append(ParseError(.sosBeforeSOF, at: segment.offset, path: segment.path, "SOS before any SOF"))
        }
        var ns = -1
        if var r = try? ByteReader(bytes, range: segment.payload, label: segment.label()), let n = try? r.readU8() {
            ns = Int(n)
        }
        if ns < 1 || segment.length != 6 + 2 * ns {
            issues.append(ParseError(.sosMalformed, at: segment.offset + 2, path: segment.path,
                                     "SOS length \(segment.length) does not match Ns = \(ns)"))
        }
    }

    /// Words for a marker that cannot stand between marker segments: `FF 00` (a stuffed zero of
    /// entropy-coded data), a second SOI, or a restart marker (T.81 B.1.1.2, F.1.2.3).
    static func strayMarker(_ marker: JPEG.Marker) -> String {
        let hex = String(marker.rawValue, radix: 16, uppercase: true)
        let bytes = "FF " + (hex.count < 2 ? "0" + hex : hex)
        switch marker.rawValue {
        case 0x00: return "the bytes \(bytes) (a stuffed zero of entropy-coded data) stand where a marker segment should start"
        default: return "marker \(bytes) (\(marker)) stands between marker segments, where T.81 allows it only \(marker == .soi ? "at the start of an image" : "inside entropy-coded data")"
        }
    }
}
