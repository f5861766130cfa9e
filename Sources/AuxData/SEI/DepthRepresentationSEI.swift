import Container

/// Decodes the depth representation SEI that Apple, ImageIO and libheif put in the auxC
/// subtype bytes of a HEIF depth item (libheif `decode_hevc_aux_sei_messages`).
///
/// Layout of the subtype bytes:
/// ```
/// u32 BE  total                 bytes that follow
/// repeated until total is used:
///   u32 BE  nal_size
///   nal_size bytes: NAL unit    2-byte header (H.265 §7.3.1.2), then the SEI RBSP
/// ```
/// NAL types 39 (prefix SEI) and 40 (suffix SEI) are read; others are skipped. In the RBSP
/// (sei_rbsp, H.265 §7.3.2.4; sei_message, §7.3.5) each sei_message codes payloadType and
/// payloadSize as a run of 0xFF bytes plus a last byte, summed, so values above 255 are read
/// (libheif 1.15 reads one byte only).
package enum DepthRepresentationSEI {
    /// H.265 Annex D (sei_payload): payloadType of depth_representation_info (Annex F.14).
    package static let depthRepresentationInfoPayloadType = 177
    static let prefixSEI: UInt8 = 39
    static let suffixSEI: UInt8 = 40

    /// Decodes the first depth_representation_info of the subtype bytes.
    /// `offset` is the absolute file offset of `bytes.first`; errors carry `path + "/SEI"`.
    package static func decode(auxCSubtype bytes: ArraySlice<UInt8>, at offset: Int, path: String,
                              limits: ParseLimits = .default) throws(ParseError) -> DepthRepresentationInfo {
        let seiPath = path + "/SEI"
        let data = Array(bytes)
        var r = ByteReader(data, path: seiPath)
        // Everything below works in offsets relative to `bytes`; the catch makes them absolute.
        // Running out of bytes, or bytes left over, inside the SEI is an SEI problem, so the
        // generic reader codes become `seiMalformed` and reach the depth-SEI rule.
        func absolute(_ e: ParseError) -> ParseError {
            let generic: Set<ParseError.Code> = [.truncated, .trailingBytes, .outOfBounds]
            return ParseError(generic.contains(e.code) ? .seiMalformed : e.code,
                              at: (offset +? e.offset) ?? offset, path: e.path, e.detail)
        }
        var found: DepthRepresentationInfo?
        do throws(ParseError) {
            let total = try Int.checked(try r.readU32(), at: 0, path: seiPath)
            guard total <= r.remaining else {
                throw ParseError(.truncated, at: 0, path: seiPath,
                                 "SEI length \(total) but \(r.remaining) bytes follow")
            }
            var body = try r.slice(total, path: seiPath)
            try r.expectEnd("auxC subtype")
            var nalIndex = 0
            while !body.isAtEnd {
                let sizeAt = body.position
                let nalSize = try Int.checked(try body.readU32(), at: sizeAt, path: seiPath)
                guard nalSize <= body.remaining else {
                    throw ParseError(.truncated, at: sizeAt, path: seiPath,
                                     "NAL size \(nalSize) but \(body.remaining) bytes remain")
                }
                guard nalSize >= 2 else {
                    throw ParseError(.seiNALTooShort, at: sizeAt, path: seiPath,
                                     "NAL unit of \(nalSize) bytes has no 2-byte header")
                }
                try limits.check(nalIndex, limits.maxBoxes, "SEI NAL units", at: sizeAt, path: seiPath)
                let nalStart = body.position
                let nal = try body.readBytes(nalSize)
                nalIndex += 1
                // nal_unit_header: forbidden_zero_bit f(1), nal_unit_type u(6), layer id, tid.
                let nalType = (nal[nal.startIndex] >> 1) & 0x3F
                guard nalType == prefixSEI || nalType == suffixSEI else { continue }
                if let info = try messages(nal.dropFirst(2), at: nalStart + 2, path: seiPath), found == nil {
                    found = info
                }
            }
        } catch {
            throw absolute(error)
        }
        guard let found else {
            throw ParseError(.seiNoDepthRepresentation, at: offset, path: seiPath,
                             "no depth_representation_info (payloadType 177) SEI message")
        }
        return found
    }

    /// Walks the sei_message()s of one SEI RBSP; returns the first depth info. `start` and the
    /// offsets of thrown errors are relative to the subtype bytes.
    private static func messages(_ ebsp: ArraySlice<UInt8>, at start: Int,
                                 path: String) throws(ParseError) -> DepthRepresentationInfo? {
        // H.265 §7.3.1.1 / §7.4.2: drop emulation_prevention_three_byte (0x03 after 0x00 0x00),
        // keeping the offset each remaining byte had.
        let (rbsp, origin) = BitReader.rbsp(ebsp, at: start)
        let end = start + ebsp.count
        var pos = 0
        var found: DepthRepresentationInfo?
        // more_rbsp_data(): stop at the end, or at a last byte that is rbsp_trailing_bits.
        while pos < rbsp.count && !(pos == rbsp.count - 1 && rbsp[pos] == 0x80) {
            let messageAt = origin[pos]
            let payloadType = try codedValue(rbsp, &pos, origin, end, "payloadType", path)
            let payloadSize = try codedValue(rbsp, &pos, origin, end, "payloadSize", path)
            guard payloadSize <= rbsp.count - pos else {
                throw ParseError(.truncated, at: pos < origin.count ? origin[pos] : end, path: path,
                                 "SEI payload of \(payloadSize) bytes but \(rbsp.count - pos) remain (payloadType \(payloadType) at \(messageAt))")
            }
            if payloadType == depthRepresentationInfoPayloadType && found == nil {
                let payloadEnd = pos + payloadSize   // safe: payloadSize <= rbsp.count - pos, checked above
                var bits = BitReader(Array(rbsp[pos..<payloadEnd]), origins: Array(origin[pos..<payloadEnd]),
                                     endOffset: payloadEnd < origin.count ? origin[payloadEnd] : end,
                                     path: path + "/depth_representation_info", codes: .depthRepresentationSEI)
                found = try DepthRepresentationInfo(parsing: &bits)
            }
            pos += payloadSize
        }
        return found
    }

    /// payloadType / payloadSize (H.265 §7.3.5): 0xFF bytes each add 255, the last byte adds itself.
    private static func codedValue(_ rbsp: [UInt8], _ pos: inout Int, _ origin: [Int], _ end: Int,
                                   _ what: String, _ path: String) throws(ParseError) -> Int {
        var value = 0
        while true {
            guard pos < rbsp.count else {
                throw ParseError(.truncated, at: end, path: path, "SEI \(what) runs past the NAL unit")
            }
            let b = rbsp[pos]
            pos += 1
            // The value is bounded by the RBSP length (at most 255 per byte), so it cannot overflow.
            value += Int(b)
            if b != 0xFF { return value }
        }
    }

    /// The auxC subtype bytes for `info` in the layout Apple and libheif write: one prefix SEI
    /// NAL unit (header 4E 01) with one depth_representation_info message, emulation
    /// prevention applied, and no rbsp_trailing_bits (iPhone HEIC files omit them).
    package static func encode(_ info: DepthRepresentationInfo) -> [UInt8] {
        var w = BitWriter()
        info.write(to: &w)
        var rbsp: [UInt8] = []
        var t = depthRepresentationInfoPayloadType
        while t >= 255 { rbsp.append(0xFF); t -= 255 }
        rbsp.append(UInt8(t))
        var size = w.bytes.count
        while size >= 255 { rbsp.append(0xFF); size -= 255 }
        rbsp.append(UInt8(size))
        rbsp += w.bytes
        var nal: [UInt8] = [prefixSEI << 1, 0x01]
        var zeros = 0
        for b in rbsp {
            if zeros >= 2 && b <= 3 { nal.append(3); zeros = 0 }
            nal.append(b)
            zeros = b == 0 ? zeros + 1 : 0
        }
        func be32(_ v: Int) -> [UInt8] {
            [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16),
             UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
        }
        return be32(nal.count + 4) + be32(nal.count) + nal
    }
}
