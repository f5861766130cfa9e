extension JPEG {
    /// One JPEG image (SOI to EOI) located in a file: its marker segments, frame header,
    /// metadata segments and, when it was scanned, where it ends.
    ///
    /// ITU-T T.81 B.2.1 (image syntax), B.1.1 (markers and segments). The design rule is that a
    /// check does not read the primary image's coded data: `init(parsingHeadersOf:…)` stops at the
    /// first SOS, and `scanToEndOfImage(_:limits:)` walks the entropy-coded data only when the
    /// caller needs the end of the image (secondary MPF images, or a JPEG without MPF).
    package struct Image: Sendable {
        /// Absolute offset of the SOI marker.
        package let start: Int
        /// Path prefix of everything in this image: "" for the primary, `MPImage[2]/` for others.
        package let pathPrefix: String
        /// Segments in file order, SOI first. Entropy-coded data is not a segment.
        package internal(set) var segments: [Segment] = []
        /// The first SOF frame header.
        package internal(set) var frame: Frame?
        /// Absolute offset of the first byte of entropy-coded data after the first SOS.
        package internal(set) var entropyDataStart: Int?
        /// SOS segments seen (1 for baseline; several for progressive). Counts only scanned data.
        package internal(set) var scanCount = 0
        /// RSTn markers met inside entropy-coded data (T.81 B.2.1, restart intervals).
        package internal(set) var restartMarkerCount = 0
        /// One past the EOI marker; nil until the image has been scanned to its end.
        package internal(set) var end: Int?
        /// APP1 Exif, when present (the first one).
        package internal(set) var exif: Exif.Metadata?
        /// APP1 XMP (StandardXMP), when present (the first one).
        package internal(set) var xmp: XMPPacket.Standard?
        /// Every APP1 Extended XMP chunk, in file order.
        package internal(set) var extendedXMPChunks: [XMPPacket.ExtendedChunk] = []
        /// Extended XMP packets reassembled from the chunks, one per GUID.
        package internal(set) var extendedXMP: [XMPPacket.Extended] = []
        /// Every APP2 MPF segment's index, in file order: a full index in a primary, a stub in
        /// others. CIPA DC-007 §5.2.1 allows one per image; a second is kept for the validator.
        package internal(set) var mpfIndexes: [MPF.Index] = []
        /// The first APP2 MPF index, the one readers use.
        package var mpf: MPF.Index? { mpfIndexes.first }
        /// Bytes met where a marker was expected that were neither a marker nor fill bytes
        /// (T.81 B.1.1.2 allows only `FF` there), each run up to the `FF` that followed it. They
        /// were skipped, as libjpeg skips them; whether they may be there is the validator's call.
        package internal(set) var extraneousBytes: [Range<Int>] = []
        /// Problems that did not stop the reading of the image.
        package internal(set) var issues: [ParseError] = []

        /// Where segment reading stopped.
        enum Stop { case sos, eoi }

        /// Reads SOI and the marker segments up to and including the first SOS header (or up to
        /// EOI for an image without scans). Throws when the headers themselves cannot be read:
        /// no SOI, a segment length below 2, a segment past the end of `bytes`.
        package init(parsingHeadersOf bytes: [UInt8], at start: Int, pathPrefix: String = "",
                    limits: ParseLimits = .default) throws(ParseError) {
            self.start = start
            self.pathPrefix = pathPrefix
            // T.81 B.2.1: "compressed image data … shall begin with an SOI marker".
            guard Image.hasMarker(.soi, in: bytes, at: start), let afterSOI = start +? 2 else {
                // One byte left is a truncated SOI; anything else is not an SOI.
                let truncated = start >= 0 && start < bytes.count && bytes.count - start < 2
                throw ParseError(truncated ? .truncated : .jpegMissingSOI,
                                 at: max(0, start), path: pathPrefix + "SOI", "no FF D8 at offset \(start)")
            }
            segments.append(Segment(marker: .soi, offset: start, length: 0, payload: afterSOI..<afterSOI,
                                    ordinal: 1, pathPrefix: pathPrefix))
            var counts = JPEG.MarkerCounts()
            let stop = try readSegments(bytes, from: afterSOI, counts: &counts, limits: limits)
            if stop == .eoi, let last = segments.last { end = last.end }
            extendedXMP = XMPPacket.Extended.reassemble(extendedXMPChunks, in: bytes, limits: limits,
                                                         issues: &issues)
        }

        /// Walks the entropy-coded data after each SOS, and the segments between scans, to EOI.
        /// Problems (no EOI, bad segments between scans) are added to `issues`; `end` stays nil
        /// when no EOI was found.
        package mutating func scanToEndOfImage(_ bytes: [UInt8], limits: ParseLimits = .default) {
            guard end == nil, var dataStart = entropyDataStart else { return }
            var counts = JPEG.MarkerCounts()
            for s in segments { _ = counts.next(s.marker.rawValue) }
            // The first code T.81 Table B.1 reserves (TEM, X'FF02'–X'FFBF') met in the entropy-
            // coded data: no encoder writes one there, so it is damaged data, and the scan goes on
            // past it to the EOI, as decoders do.
            var invalid: (at: Int, code: UInt8)?
            while true {
                let (found, restarts) = Image.findMarker(in: bytes, from: dataStart)
                restartMarkerCount += restarts
                guard let markerAt = found else {
                    // At the data that runs out, not at the file's length: that is where a reader
                    // looking for the cut starts.
                    if let bad = invalid {
                        issues.append(ParseError(.missingEOI, at: bad.at, path: pathPrefix + "SOS#\(scanCount)",
                                                 "invalid marker FF \(Self.hex(bad.code)) inside entropy-coded data at offset \(bad.at); the scan is cut short, no EOI"))
                    } else {
                        issues.append(ParseError(.missingEOI, at: dataStart, path: pathPrefix + "SOS#\(scanCount)",
                                                 "entropy-coded data from \(dataStart) runs to the end of the file (\(bytes.count) bytes) without an EOI"))
                    }
                    return
                }
                // findMarker returns an FF with a byte after it.
                let code = bytes[markerAt + 1]
                if code <= 0xBF {
                    if invalid == nil { invalid = (markerAt, code) }
                    dataStart = markerAt + 2
                    continue
                }
                do throws(ParseError) {
                    let stop = try readSegments(bytes, from: markerAt, counts: &counts, limits: limits)
                    switch stop {
                    case .eoi:
                        if let bad = invalid {
                            issues.append(ParseError(.unexpectedMarker, at: bad.at, path: pathPrefix + "SOS#\(scanCount)",
                                                     "invalid marker FF \(Self.hex(bad.code)) inside entropy-coded data at offset \(bad.at)"))
                        }
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

        static func hex(_ b: UInt8) -> String {
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }

        /// Decodes the segments depthcheck needs; their problems are issues, not failures.
        mutating func interpret(_ segment: Segment, _ bytes: [UInt8], limits: ParseLimits) {
            let marker = segment.marker
            do throws(ParseError) {
                if marker.isStartOfFrame {
                    var r = try ByteReader(bytes, range: segment.payload, label: segment.label())
                    let f = try Frame(parsing: &r, marker: marker, offset: segment.offset)
                    if frame == nil { frame = f } else {
                        issues.append(ParseError(.sofDuplicate, at: segment.offset, path: segment.path,
                                                 "a second frame header"))
                    }
                } else if marker == .app1 {
                    var r = try ByteReader(bytes, range: segment.payload, label: segment.label())
                    if r.startsWith(Exif.Metadata.identifier) {
                        r.label = segment.label(.exif)
                        let e = try Exif.Metadata(parsing: &r, limits: limits)
                        if exif == nil { exif = e }
                    } else if r.startsWith(XMPPacket.Standard.identifier) {
                        r.label = segment.label(.xmp)
                        let x = try XMPPacket.Standard(parsing: &r)
                        if xmp == nil { xmp = x }
                    } else if r.startsWith(XMPPacket.ExtendedChunk.identifier) {
                        r.label = segment.label(.extendedXMP)
                        extendedXMPChunks.append(try XMPPacket.ExtendedChunk(parsing: &r))
                    }
                } else if marker == .app2 {
                    var r = try ByteReader(bytes, range: segment.payload, label: segment.label())
                    if r.startsWith(MPF.Index.identifier) {
                        r.label = segment.label(.mpf)
                        mpfIndexes.append(try MPF.Index(parsing: &r, limits: limits, issues: &issues))
                    }
                }
            } catch {
                issues.append(error)
            }
        }
    }
}
