extension JPEG {
    /// A whole JPEG file: the primary image and every image its MPF index names.
    ///
    /// ITU-T T.81 B.2.1 for each image; CIPA DC-007 §5.2 for the multi-picture layout. The file
    /// is read so that every problem is reported: only a file whose primary headers cannot be
    /// read (no SOI at offset 0, a truncated or malformed segment before the first SOS) throws.
    /// Everything else is collected in `issues` while the rest is still read.
    ///
    /// The primary's entropy-coded data is not scanned when an MPF index locates the next image:
    /// the primary then ends where the first secondary image starts, and the two bytes before it
    /// must be EOI. Secondary images (small) and single-image files are scanned to their EOI.
    public struct File: Sendable {
        /// Size of the file in bytes.
        public let count: Int
        /// The primary image (from offset 0).
        public let primary: Image
        /// The primary's full MPF index, when present and not a stub.
        public let mpf: MPF.Index?
        /// One element per MP entry, in entry order (entry 1, the primary, first). Empty without MPF.
        public let images: [MPImage]
        /// Bytes after the end of the last image, when any (iPhone 7 Plus files have ~1 MB of
        /// zeros). Nil when there are none, or when an image's end is unknown. Whether they are
        /// stray data is judged by the validator.
        public let trailingBytes: Range<Int>?
        /// Every non-fatal problem, the images' own issues included, in discovery order.
        public let issues: [ParseError]

        public init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) {
            count = bytes.count
            var primary = try Image(parsingHeadersOf: bytes, at: 0, pathPrefix: "", limits: limits)
            var issues: [ParseError] = []
            var images: [MPImage] = []
            var lastEnd: Int?

            if let index = primary.mpf, !index.isStub, !index.entries.isEmpty {
                mpf = index
                let base = index.tiffHeaderOffset
                var located: [MPImage] = []
                var seen: [Int: MPImage] = [:]
                for entry in index.entries where entry.number > 1 {
                    let image = File.locate(entry, base: base, in: bytes, seen: &seen, limits: limits, issues: &issues)
                    located.append(image)
                }
                // The primary ends where the nearest secondary starts (never scanning its data).
                // An SOI inside the primary's own headers (an Exif thumbnail, say) cannot be where
                // the primary ends; `checkLayout` reports it as an overlap.
                let headersEnd = primary.entropyDataStart ?? primary.segments.last?.end ?? 0
                let firstStart = located.compactMap(\.start).filter { $0 >= headersEnd }.min()
                var primaryEnd: Int?
                if let first = firstStart {
                    if first >= 4, bytes[first - 2] == 0xFF, bytes[first - 1] == Marker.eoi.rawValue {
                        primaryEnd = first
                    } else {
                        issues.append(ParseError(.mpfPreviousImageNotEnded, at: max(0, first - 2), path: "EOI",
                                                 "the two bytes before the image at \(first) are not FF D9"))
                        primary.scanToEndOfImage(bytes, limits: limits)
                        primaryEnd = primary.end
                    }
                } else {
                    primary.scanToEndOfImage(bytes, limits: limits)
                    primaryEnd = primary.end
                }
                if let first = index.entries.first, first.number == 1 {
                    // CIPA DC-007 §5.2.3.3.3: the first image's offset is 0.
                    if first.imageOffset != 0 {
                        issues.append(ParseError(.mpfFirstOffsetNotZero, at: first.offsetFieldOffset, path: first.path,
                                                 "first image offset \(first.imageOffset), expected 0"))
                    }
                    if let end = primaryEnd, Int(first.size) != end {
                        issues.append(ParseError(.mpfEntrySizeMismatch, at: first.sizeFieldOffset, path: first.path,
                                                 "declared size \(first.size), actual \(end)"))
                    }
                    images.append(MPImage(entry: first, start: 0, image: primary, end: primaryEnd))
                }
                images += located
                lastEnd = File.checkLayout(images, issues: &issues)
            } else {
                mpf = nil
                primary.scanToEndOfImage(bytes, limits: limits)
                lastEnd = primary.end
            }

            self.primary = primary
            self.images = images
            self.trailingBytes = lastEnd.flatMap { $0 < bytes.count ? $0..<bytes.count : nil }
            self.issues = primary.issues + issues
        }

        /// Finds and reads the image an MP entry points at. CIPA DC-007 §5.2.3.3.3: the offset
        /// counts from the primary's MPF TIFF header and must land on an SOI inside the file.
        static func locate(_ entry: MPF.Entry, base: Int, in bytes: [UInt8], seen: inout [Int: MPImage],
                           limits: ParseLimits, issues: inout [ParseError]) -> MPImage {
            let prefix = "MPImage[\(entry.number)]/"
            guard let start = base +? Int(entry.imageOffset), start < bytes.count, bytes.count - start >= 2 else {
                issues.append(ParseError(.mpfOffsetOutOfBounds, at: entry.offsetFieldOffset, path: entry.path,
                                         "offset \(entry.imageOffset) + base \(base) is outside the \(bytes.count)-byte file"))
                return MPImage(entry: entry, start: nil, image: nil, end: nil)
            }
            guard bytes[start] == 0xFF, bytes[start + 1] == Marker.soi.rawValue else {
                issues.append(ParseError(.mpfEntryNotSOI, at: entry.offsetFieldOffset, path: entry.path,
                                         "offset \(entry.imageOffset) + base \(base) = \(start) is not FF D8"))
                return MPImage(entry: entry, start: nil, image: nil, end: nil)
            }
            if let earlier = seen[start] {
                // The same bytes again: reuse what was read, report the entry.
                issues.append(ParseError(.mpfDuplicateOffset, at: entry.offsetFieldOffset, path: entry.path,
                                         "entry \(earlier.entry.number) already points at \(start)"))
                return MPImage(entry: entry, start: start, image: earlier.image, end: earlier.end)
            }
            let found = read(entry, at: start, prefix: prefix, in: bytes, limits: limits, issues: &issues)
            seen[start] = found
            return found
        }

        /// Reads the image at `start` (an SOI) to its EOI and compares its length with the entry's.
        static func read(_ entry: MPF.Entry, at start: Int, prefix: String, in bytes: [UInt8], limits: ParseLimits,
                         issues: inout [ParseError]) -> MPImage {
            if Int(entry.size) > bytes.count - start {
                issues.append(ParseError(.mpfOffsetOutOfBounds, at: entry.sizeFieldOffset, path: entry.path,
                                         "size \(entry.size) at \(start) runs past the \(bytes.count)-byte file"))
            }
            do throws(ParseError) {
                var image = try Image(parsingHeadersOf: bytes, at: start, pathPrefix: prefix, limits: limits)
                image.scanToEndOfImage(bytes, limits: limits)
                issues += image.issues
                if let end = image.end, end - start != Int(entry.size) {
                    issues.append(ParseError(.mpfEntrySizeMismatch, at: entry.sizeFieldOffset, path: entry.path,
                                             "declared size \(entry.size), actual \(end - start)"))
                }
                return MPImage(entry: entry, start: start, image: image, end: image.end)
            } catch {
                issues.append(error)
                return MPImage(entry: entry, start: start, image: nil, end: nil)
            }
        }

        /// Reports images that share bytes; returns the end of the last image, or nil when an
        /// image that was found could not be read to its end (the bytes after it are unknown).
        static func checkLayout(_ images: [MPImage], issues: inout [ParseError]) -> Int? {
            let placed = images.filter { $0.start != nil }.sorted { ($0.start ?? 0) < ($1.start ?? 0) }
            var lastEnd: Int?
            var unended = false
            var previous: MPImage?
            for image in placed {
                guard let start = image.start else { continue }
                if let p = previous, p.start != start, let pEnd = p.end, pEnd > start {
                    issues.append(ParseError(.mpfImagesOverlap, at: image.entry.offsetFieldOffset, path: image.entry.path,
                                             "image \(image.entry.number) at \(start) starts inside image \(p.entry.number) (ends at \(pEnd))"))
                }
                if let e = image.end { lastEnd = max(lastEnd ?? e, e) } else { unended = true }
                previous = image
            }
            return unended ? nil : lastEnd
        }
    }
}
