extension JPEG {
    /// One JPEG image (SOI to EOI) located in a file: its marker segments, frame header,
    /// metadata segments and, when it was scanned, where it ends.
    ///
    /// ITU-T T.81 B.2.1 (image syntax), B.1.1 (markers and segments). The design rule is that a
    /// check never reads the primary image's coded data: `init(parsingHeadersOf:…)` stops at the
    /// first SOS, and `scanToEndOfImage(_:limits:)` walks the entropy-coded data only when the
    /// caller needs the end of the image (secondary MPF images, or a JPEG without MPF).
    public struct Image: Sendable {
        /// Absolute offset of the SOI marker.
        public let start: Int
        /// Path prefix of everything in this image: "" for the primary, `MPImage[2]/` for others.
        public let pathPrefix: String
        /// Segments in file order, SOI first. Entropy-coded data is not a segment.
        public internal(set) var segments: [Segment] = []
        /// The first SOF frame header.
        public internal(set) var frame: Frame?
        /// Absolute offset of the first byte of entropy-coded data after the first SOS.
        public internal(set) var entropyDataStart: Int?
        /// SOS segments seen (1 for baseline; several for progressive). Counts only scanned data.
        public internal(set) var scanCount = 0
        /// RSTn markers met inside entropy-coded data (T.81 B.2.1, restart intervals).
        public internal(set) var restartMarkerCount = 0
        /// One past the EOI marker; nil until the image has been scanned to its end.
        public internal(set) var end: Int?
        /// APP1 Exif, when present (the first one).
        public internal(set) var exif: Exif.Metadata?
        /// APP1 XMP (StandardXMP), when present (the first one).
        public internal(set) var xmp: XMPPacket.Standard?
        /// Every APP1 Extended XMP chunk, in file order.
        public internal(set) var extendedXMPChunks: [XMPPacket.ExtendedChunk] = []
        /// Extended XMP packets reassembled from the chunks, one per GUID.
        public internal(set) var extendedXMP: [XMPPacket.Extended] = []
        /// APP2 MPF, when present (the first one): a full index in a primary, a stub in others.
        public internal(set) var mpf: MPF.Index?
        /// Problems that did not stop the reading of the image.
        public internal(set) var issues: [ParseError] = []

        /// Where segment reading stopped.
        enum Stop { case sos, eoi }

        /// Reads SOI and the marker segments up to and including the first SOS header (or up to
        /// EOI for an image without scans). Throws when the headers themselves cannot be read:
        /// no SOI, a segment length below 2, a segment past the end of `bytes`.
        public init(parsingHeadersOf bytes: [UInt8], at start: Int, pathPrefix: String = "",
                    limits: ParseLimits = .default) throws(ParseError) {
            self.start = start
            self.pathPrefix = pathPrefix
            // T.81 B.2.1: "compressed image data … shall begin with an SOI marker".
            guard start >= 0, start < bytes.count, bytes.count - start >= 2,
                  bytes[start] == 0xFF, bytes[start + 1] == Marker.soi.rawValue else {
                let ok = start >= 0 && start < bytes.count
                throw ParseError(ok && bytes.count - start < 2 ? .truncated : .jpegMissingSOI,
                                 at: max(0, start), path: pathPrefix + "SOI", "no FF D8 at offset \(start)")
            }
            segments.append(Segment(marker: .soi, offset: start, length: 0, payload: (start + 2)..<(start + 2),
                                    ordinal: 1, path: pathPrefix + "SOI"))
            var counts: [UInt8: Int] = [:]
            let stop = try readSegments(bytes, from: start + 2, counts: &counts, limits: limits)
            if stop == .eoi, let last = segments.last { end = last.end }
            extendedXMP = XMPPacket.Extended.reassemble(extendedXMPChunks, in: bytes, limits: limits,
                                                         issues: &issues)
        }

        /// Walks the entropy-coded data after each SOS, and the segments between scans, to EOI.
        /// Problems (no EOI, bad segments between scans) are added to `issues`; `end` stays nil
        /// when no EOI was found.
        public mutating func scanToEndOfImage(_ bytes: [UInt8], limits: ParseLimits = .default) {
            guard end == nil, var dataStart = entropyDataStart else { return }
            var counts: [UInt8: Int] = [:]
            for s in segments { counts[s.marker.rawValue, default: 0] += 1 }
            while true {
                let (found, restarts) = Image.findMarker(in: bytes, from: dataStart)
                restartMarkerCount += restarts
                guard let markerAt = found else {
                    issues.append(ParseError(.missingEOI, at: bytes.count, path: pathPrefix + "SOS#\(scanCount)",
                                             "entropy-coded data from \(dataStart) runs to the end of the file"))
                    return
                }
                do throws(ParseError) {
                    let stop = try readSegments(bytes, from: markerAt, counts: &counts, limits: limits)
                    switch stop {
                    case .eoi:
                        end = segments.last?.end
                        return
                    case .sos:
                        guard let next = segments.last?.end else { return }
                        dataStart = next
                    }
                } catch {
                    issues.append(error)
                    return
                }
            }
        }

        // MARK: - Segments

        /// T.81 B.1.1.2-B.1.1.4: reads markers from `position` until SOS (whose header is read)
        /// or EOI.
        mutating func readSegments(_ bytes: [UInt8], from position: Int, counts: inout [UInt8: Int],
                                   limits: ParseLimits) throws(ParseError) -> Stop {
            var pos = position
            let fileEnd = bytes.count
            while true {
                guard pos < fileEnd else {
                    throw ParseError(.truncated, at: pos, path: pathPrefix + "segment",
                                     "the file ends where a marker is expected")
                }
                guard bytes[pos] == 0xFF else {
                    throw ParseError(.jpegExpectedMarker, at: pos, path: pathPrefix + "segment",
                                     "byte 0x\(String(bytes[pos], radix: 16)) where a marker (FF) is expected")
                }
                // T.81 B.1.1.2: any marker may be preceded by fill bytes 0xFF.
                var m = pos + 1
                while m < fileEnd, bytes[m] == 0xFF { m += 1 }
                guard m < fileEnd else {
                    throw ParseError(.truncated, at: m, path: pathPrefix + "segment", "the file ends inside a marker")
                }
                let markerOffset = m - 1
                let marker = Marker(rawValue: bytes[m])
                let ordinal = (counts[marker.rawValue] ?? 0) + 1
                counts[marker.rawValue] = ordinal
                let name = marker.isStartOfFrame ? "\(marker)" : "\(marker)#\(ordinal)"
                let path = pathPrefix + name
                // FF 00 only occurs inside entropy-coded data (T.81 F.1.2.3); SOI only at the start;
                // RSTn only inside entropy-coded data (T.81 B.2.1).
                if marker.rawValue == 0x00 || marker == .soi || marker.isRestart {
                    throw ParseError(marker.rawValue == 0 ? .jpegExpectedMarker : .unexpectedMarker,
                                     at: markerOffset, path: path, "marker FF \(marker) between marker segments")
                }
                guard segments.count < limits.maxBoxes else {
                    throw ParseError(.tooManySegments, at: markerOffset, path: path,
                                     "more than \(limits.maxBoxes) segments")
                }
                if marker.isStandalone {
                    let after = m + 1
                    segments.append(Segment(marker: marker, offset: markerOffset, length: 0, payload: after..<after,
                                            ordinal: ordinal, path: path))
                    if marker == .eoi { return .eoi }
                    pos = after
                    continue
                }
                let lengthAt = m + 1
                guard fileEnd - lengthAt >= 2 else {
                    throw ParseError(.truncated, at: lengthAt, path: path, "the file ends inside the length of \(marker)")
                }
                let length = Int(bytes[lengthAt]) << 8 | Int(bytes[lengthAt + 1])
                // T.81 B.1.1.4: the length counts its own two bytes.
                guard length >= 2 else {
                    throw ParseError(.segmentLengthBelowTwo, at: lengthAt, path: path,
                                     "\(marker) length \(length) is below 2")
                }
                guard length <= fileEnd - lengthAt else {
                    throw ParseError(.segmentTruncated, at: lengthAt, path: path,
                                     "\(marker) length \(length) runs past the end of the file (\(fileEnd - lengthAt) bytes left)")
                }
                let payload = (lengthAt + 2)..<(lengthAt + length)
                let segment = Segment(marker: marker, offset: markerOffset, length: length, payload: payload,
                                      ordinal: ordinal, path: path)
                segments.append(segment)
                pos = payload.upperBound
                if marker == .sos {
                    noteScan(segment, bytes)
                    return .sos
                }
                interpret(segment, bytes, limits: limits)
            }
        }

        /// T.81 B.2.3: Ls = 6 + 2·Ns. A scan before the frame header is out of order (B.2.1).
        mutating func noteScan(_ segment: Segment, _ bytes: [UInt8]) {
            scanCount += 1
            if entropyDataStart == nil { entropyDataStart = segment.end }
            if frame == nil {
                issues.append(ParseError(.sosBeforeSOF, at: segment.offset, path: segment.path, "SOS before any SOF"))
            }
            let ns = segment.payload.isEmpty ? -1 : Int(bytes[segment.payload.lowerBound])
            if ns < 1 || segment.length != 6 + 2 * ns {
                issues.append(ParseError(.sosMalformed, at: segment.offset + 2, path: segment.path,
                                         "SOS length \(segment.length) does not match Ns = \(ns)"))
            }
        }

        /// Decodes the segments depthcheck needs; their problems are issues, not failures.
        mutating func interpret(_ segment: Segment, _ bytes: [UInt8], limits: ParseLimits) {
            let marker = segment.marker
            do throws(ParseError) {
                if marker.isStartOfFrame {
                    var r = try ByteReader(bytes, range: segment.payload, path: segment.path)
                    let f = try Frame(parsing: &r, marker: marker, offset: segment.offset)
                    if frame == nil { frame = f } else {
                        issues.append(ParseError(.sofDuplicate, at: segment.offset, path: segment.path,
                                                 "a second frame header"))
                    }
                } else if marker == .app1 {
                    var r = try ByteReader(bytes, range: segment.payload, path: segment.path)
                    if r.startsWith(Exif.Metadata.identifier) {
                        r.path += "/Exif"
                        let e = try Exif.Metadata(parsing: &r, limits: limits)
                        if exif == nil { exif = e }
                    } else if r.startsWith(XMPPacket.Standard.identifier) {
                        r.path += "/XMP"
                        let x = try XMPPacket.Standard(parsing: &r)
                        if xmp == nil { xmp = x }
                    } else if r.startsWith(XMPPacket.ExtendedChunk.identifier) {
                        r.path += "/ExtendedXMP"
                        extendedXMPChunks.append(try XMPPacket.ExtendedChunk(parsing: &r))
                    }
                } else if marker == .app2 {
                    var r = try ByteReader(bytes, range: segment.payload, path: segment.path)
                    if r.startsWith(MPF.Index.identifier) {
                        r.path += "/MPF"
                        let index = try MPF.Index(parsing: &r, limits: limits, issues: &issues)
                        if mpf == nil { mpf = index } else {
                            issues.append(ParseError(.mpfDuplicateSegment, at: segment.offset, path: segment.path,
                                                     "a second APP2 MPF segment"))
                        }
                    }
                }
            } catch {
                issues.append(error)
            }
        }
    }
}
