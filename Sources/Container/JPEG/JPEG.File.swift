extension JPEG {
    /// A whole JPEG file: the primary image and every image its MPF index names.
    ///
    /// ITU-T T.81 B.2.1 for each image; CIPA DC-007 §5.2 for the multi-picture layout. Only a
    /// file whose primary headers cannot be read (no SOI at offset 0, a truncated or malformed
    /// segment before the first SOS) throws. What makes other bytes unreadable (an MP entry
    /// whose offset reaches no SOI, a secondary image that cannot be read) is collected in
    /// `issues` while the rest is still read. Whether the index's declarations agree with the
    /// bytes (sizes, overlaps, trailing data) is not a reading problem: the validator judges it
    /// from the facts kept here.
    ///
    /// The primary's entropy-coded data is not scanned when the MPF index says where it ends:
    /// at the size entry 1 declares, or else where the first secondary image starts, provided
    /// the two bytes before that place are EOI (inside entropy-coded data `FF D9` is nothing but
    /// EOI, T.81 B.1.1.5, F.1.2.3). Secondary images (small) and single-image files are scanned
    /// to their EOI.
    package struct File: Sendable {
        /// Size of the file in bytes.
        package let count: Int
        /// The primary image (from offset 0).
        package let primary: Image
        /// The primary's full MPF index, when present and not a stub.
        package let mpf: MPF.Index?
        /// One element per MP entry, in entry order (entry 1, the primary, first). Empty without MPF.
        package let images: [MPImage]
        /// The start of the nearest secondary image after the primary's headers: where the
        /// primary is taken to end when that image follows an EOI. Nil when no secondary image
        /// was found there (the primary was then scanned to its own EOI).
        package let nextImageStart: Int?
        /// Bytes between the primary's EOI and the nearest secondary image, when the primary ends
        /// before it: a Dynamic Depth file's Container items, or padding an index-aware writer
        /// left to align the next image. Nil when the next image follows the EOI at once.
        package let afterPrimary: Range<Int>?
        /// Whether every byte of `afterPrimary` is 0 (padding). False without such bytes.
        package let afterPrimaryIsZero: Bool
        /// Whether every byte of `afterPrimary` is 0xFF: fill bytes before the next image's SOI
        /// marker (T.81 B.1.1.2: any marker may be preceded by fill bytes 0xFF), as stereo
        /// cameras write between views. False without such bytes.
        package let afterPrimaryIsFill: Bool
        /// Whether the primary's end was found by scanning its entropy-coded data, rather than
        /// from the index (entry 1's size, or the next image's start after an EOI).
        package let primaryEndScanned: Bool
        /// Bytes after the end of the last image, when any (iPhone 7 Plus files have ~1 MB of
        /// zeros). Nil when there are none, or when an image's end is unknown.
        package let trailingBytes: Range<Int>?
        /// Whether every trailing byte is 0: padding, as the iPhone 7 Plus writes. False without
        /// trailing bytes. Only the trailing bytes are read to tell.
        package let trailingBytesAreZero: Bool
        /// Whether the trailing bytes begin with an SOI (`FF D8`): a JPEG stream that no MP entry
        /// locates follows the last image (T.81 B.2.1: an image starts with SOI).
        package let trailingBytesStartWithSOI: Bool
        /// The vendor trailers the trailing bytes end with, last first (`KnownTrailer`).
        package let knownTrailers: [KnownTrailer]
        /// The directory of a Samsung SEF trailer among them, when its footer reaches one.
        package let samsungDirectory: SamsungDirectory?
        /// The fields of a Leia LIF trailer among them, when they fit it.
        package let leiaFields: LeiaFields?
        /// Every problem that left bytes unreadable, the images' own included, in discovery order.
        package let issues: [ParseError]

        package init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) {
            count = bytes.count
            var primary = try Image(parsingHeadersOf: bytes, at: 0, pathPrefix: "", limits: limits)
            var issues: [ParseError] = []
            var images: [MPImage] = []
            var next: Int?
            let lastEnd: Int?
            var afterPrimary: Range<Int>?
            if let index = primary.mpf, !index.isStub, let first = index.entries.first {
                mpf = index
                let located = File.locateSecondaries(of: index, in: bytes, limits: limits, issues: &issues)
                next = File.nearestStart(of: located, after: primary)
                let primaryEnd = File.end(of: &primary, declared: Int(first.size), next: next, in: bytes, limits: limits)
                if let e = primaryEnd, let n = next, e < n { afterPrimary = e..<n }
                images = [MPImage(entry: first, start: 0, image: primary, end: primaryEnd)] + located
                lastEnd = File.lastEnd(of: images)
            } else {
                mpf = nil
                primary.scanToEndOfImage(bytes, limits: limits)
                lastEnd = primary.end
            }
            primaryEndScanned = primary.end != nil
            self.primary = primary
            self.images = images
            self.nextImageStart = next
            self.afterPrimary = afterPrimary
            afterPrimaryIsZero = afterPrimary.map { r in bytes.withUnsafeBytes { ByteScan.all(0, in: $0, r) } } ?? false
            afterPrimaryIsFill = afterPrimary.map { r in bytes.withUnsafeBytes { ByteScan.all(0xFF, in: $0, r) } } ?? false
            let trailing = lastEnd.flatMap { $0 < bytes.count ? $0..<bytes.count : nil }
            trailingBytes = trailing
            trailingBytesAreZero = trailing.map { r in bytes.withUnsafeBytes { ByteScan.all(0, in: $0, r) } } ?? false
            trailingBytesStartWithSOI = trailing.map { Image.hasMarker(.soi, in: bytes, at: $0.lowerBound) } ?? false
            let known = trailing.map { KnownTrailer.identify(in: bytes, $0) } ?? []
            knownTrailers = known
            leiaFields = known.first { $0.format == .leiaLIF }.flatMap { LeiaFields(bytes, $0.range) }
            samsungDirectory = trailing.flatMap { t in
                known.first { $0.format == .samsungSEFT }.flatMap { SamsungDirectory(bytes, endingAt: $0.range.upperBound, floor: t.lowerBound) }
            }
            self.issues = primary.issues + issues
        }

        /// Finds and reads every image the index names after the primary, in entry order.
        static func locateSecondaries(of index: MPF.Index, in bytes: [UInt8], limits: ParseLimits,
                                      issues: inout [ParseError]) -> [MPImage] {
            // A list, not a dictionary (`ListSet` says why): an APP2 segment holds at most
            // 4,095 entries, so the search stays small.
            var seen: [(start: Int, image: MPImage)] = []
            return index.entries.filter { $0.number > 1 }.map { entry in
                locate(entry, base: index.tiffHeaderOffset, in: bytes, seen: &seen, limits: limits, issues: &issues)
            }
        }

        /// The primary ends where the nearest secondary starts (its data is never scanned). An
        /// SOI inside the primary's own headers (an Exif thumbnail, say) cannot be that place.
        static func nearestStart(of located: [MPImage], after primary: Image) -> Int? {
            let headersEnd = primary.entropyDataStart ?? primary.segments.last?.end ?? 0
            return located.compactMap(\.start).filter { $0 >= headersEnd }.min()
        }

        /// Where the primary ends, its coded data unread when the index tells: at the size entry
        /// 1 declares (CIPA DC-007 §5.2.3.3.2) when EOI ends the bytes there and no secondary
        /// starts before; else at `next` when an EOI precedes it; else at the EOI found by
        /// scanning the primary's coded data (T.81 B.2.1: an image ends with EOI). A declared
        /// size inside the headers cannot be the end: an Exif thumbnail's EOI lies there.
        static func end(of primary: inout Image, declared: Int, next: Int?, in bytes: [UInt8],
                        limits: ParseLimits) -> Int? {
            if let headersEnd = primary.entropyDataStart, declared > headersEnd, declared <= bytes.count,
               next.map({ declared <= $0 }) ?? true, followsEOI(bytes, declared) {
                return declared
            }
            if let next, followsEOI(bytes, next) { return next }
            primary.scanToEndOfImage(bytes, limits: limits)
            return primary.end
        }

        /// Whether the two bytes before `offset` are EOI. The first four bytes of a file are
        /// SOI and a marker, so no image that follows another can start before 4.
        static func followsEOI(_ bytes: [UInt8], _ offset: Int) -> Bool {
            guard offset >= 4, let at = offset -? 2 else { return false }
            return Image.hasMarker(.eoi, in: bytes, at: at)
        }

        /// Finds and reads the image an MP entry points at. CIPA DC-007 §5.2.3.3.3: the offset
        /// counts from the primary's MPF TIFF header; an offset that does not reach an SOI inside
        /// the file leaves the image unreadable.
        static func locate(_ entry: MPF.Entry, base: Int, in bytes: [UInt8], seen: inout [(start: Int, image: MPImage)],
                           limits: ParseLimits, issues: inout [ParseError]) -> MPImage {
            guard let start = base +? Int(entry.imageOffset), start < bytes.count, bytes.count - start >= 2 else {
                issues.append(ParseError(.mpfOffsetOutOfBounds, at: entry.offsetFieldOffset, path: entry.path,
                                         "offset \(entry.imageOffset) + base \(base) is outside the \(bytes.count)-byte file"))
                return MPImage(entry: entry, start: nil, image: nil, end: nil)
            }
            guard Image.hasMarker(.soi, in: bytes, at: start) else {
                issues.append(ParseError(.mpfEntryNotSOI, at: entry.offsetFieldOffset, path: entry.path,
                                         "offset \(entry.imageOffset) + base \(base) = \(start) is not FF D8"))
                return MPImage(entry: entry, start: nil, image: nil, end: nil)
            }
            if let earlier = seen.first(where: { $0.start == start })?.image {
                // The same bytes again: reuse what was read.
                return MPImage(entry: entry, start: start, image: earlier.image, end: earlier.end,
                               sameStartAs: earlier.entry.number, followsEOI: earlier.followsEOI)
            }
            let found = read(entry, at: start, in: bytes, limits: limits, issues: &issues)
            seen.append((start, found))
            return found
        }

        /// Reads the image at `start` (an SOI) to its EOI.
        static func read(_ entry: MPF.Entry, at start: Int, in bytes: [UInt8], limits: ParseLimits,
                         issues: inout [ParseError]) -> MPImage {
            let afterEOI = followsEOI(bytes, start)
            do throws(ParseError) {
                var image = try Image(parsingHeadersOf: bytes, at: start, pathPrefix: "MPImage[\(entry.number)]/",
                                      limits: limits)
                image.scanToEndOfImage(bytes, limits: limits)
                issues += image.issues
                return MPImage(entry: entry, start: start, image: image, end: image.end, followsEOI: afterEOI)
            } catch {
                issues.append(error)
                return MPImage(entry: entry, start: start, image: nil, end: nil, followsEOI: afterEOI)
            }
        }

        /// The end of the last image, or nil when an image that was found could not be read to
        /// its end (the bytes after it are then unknown).
        static func lastEnd(of images: [MPImage]) -> Int? {
            var lastEnd: Int?
            for image in images where image.start != nil {
                guard let e = image.end else { return nil }
                lastEnd = max(lastEnd ?? e, e)
            }
            return lastEnd
        }
    }
}
