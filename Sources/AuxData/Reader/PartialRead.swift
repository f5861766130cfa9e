import Container

/// A file that can be read in pieces. The command line gives one over `pread`, tests one that
/// counts what it hands out.
package protocol RandomAccessFile {
    /// The file's size when it was opened.
    var size: Int { get }
    /// Copies the bytes of `range` into `buffer` (exactly `range.count` bytes long) and returns
    /// how many it copied: fewer when the file was cut short meanwhile, nil on a read error.
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int?
}

/// Reads only what a check reads: a photo's bytes laid out at their file offsets, where only
/// the structure, the aux images and the metadata items are filled in and the primary's coded
/// data is left unread (a megabyte or more of an iPhone photo) but for what the first read
/// takes with the headers (`firstRead`).
///
/// Which bytes a check reads follows from the structure, so the structure is read first: for a
/// JPEG its headers up to the first SOS, then the images its MPF index locates and the bytes
/// after the last one (CIPA DC-007 §5.2.3.3); for a HEIF its top-level box headers and `meta`,
/// then the data of every item that is not coded image data (Exif, XMP, grid and `tmap`
/// descriptors; ISO/IEC 23008-12 §6). Then the whole structure is read again from what was
/// loaded and checked to lie inside it: every image found its EOI in loaded bytes, every item
/// the parsers read is loaded. When anything is in doubt (no MPF index, an image without an
/// end, a structure that needs more), the rest of the file is read too, so the result is
/// always the one a whole read gives.
package struct PartialRead {
    /// File-sized; bytes outside `loaded` are never read by a check that passed verification.
    package private(set) var bytes: [UInt8]
    /// Loaded ranges, sorted and merged.
    package private(set) var loaded: [Range<Int>] = []
    /// How many bytes were read from the file.
    package private(set) var bytesRead = 0
    /// A HEIF's structure as its partial read verified it, parsed from `bytes` with `limits`
    /// (`PhotoReader.read(_:as:limits:parsedHEIF:parsedJPEG:)` takes it instead of parsing
    /// again); nil for a JPEG, a whole read, or a file whose bytes changed after (a mini box
    /// expanded).
    package internal(set) var heif: HEIF.File?
    /// A JPEG's structure as its partial read verified it, parsed from `bytes` with `limits`
    /// (`PhotoReader.read(_:as:limits:parsedHEIF:parsedJPEG:)` takes it instead of parsing
    /// again, as for `heif`); nil for a HEIF, a whole read, or a read that could not be verified.
    package internal(set) var jpeg: JPEG.File?
    /// The limits `heif` and `jpeg` were parsed with.
    package private(set) var limits: ParseLimits = .default
    let file: any RandomAccessFile

    /// Files this small are read whole: one read costs less than deciding what to skip.
    package static let wholeFileBelow = 256 << 10
    /// Read beyond an MP image's declared size, for an EOI that comes a little later.
    static let slack = 16 << 10
    /// The first read takes the file's first bytes up to this many (or `readWholeBelow`, when
    /// that is smaller): what a check reads next mostly lies there. An Apple HEIC keeps `ftyp`,
    /// `meta` and its Exif and XMP items in its first 16 KiB, a JPEG its APP segments and
    /// frame headers; a read each was eight to fourteen `pread`s where one does.
    package static let firstRead = 16 << 10

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    init(_ file: any RandomAccessFile, buffer: ReadBuffer? = nil) {
        self.file = file
        // Zeros until read: a check that passes verification never looks at unread bytes, but
        // the parsers, libjpeg and libheif are handed the whole buffer, and an unread range
        // must read as zeros (as a cut-short read does), never as stale heap memory.
        bytes = buffer?.take(size: file.size) ?? ZeroedBytes.make(count: file.size)
    }

    /// The bytes a check of `file` reads, at their offsets; see the type's description.
    /// `readWholeBelow` is the size under which the file is simply read whole (tests and the
    /// fuzz target set it to 0 to take the partial path on small files, and read 16 bytes first).
    /// `auxImageData` also loads what `check --pixels` decodes: the coded data of a HEIF's aux
    /// images and their tiles (a JPEG's MP images are loaded in any case), and the picture of
    /// the photo that content alignment compares them with (`photoPictureRanges`).
    /// `buffer` lends the file-sized buffer (see `ReadBuffer`); give it back with
    /// `ReadBuffer.recycle(_:)` once the check is done.
    package static func load(_ file: any RandomAccessFile, limits: ParseLimits = .default,
                            readWholeBelow: Int = wholeFileBelow, auxImageData: Bool = false,
                            buffer: ReadBuffer? = nil) throws(Failure) -> PartialRead {
        var p = PartialRead(file, buffer: buffer)
        p.limits = limits
        let size = file.size
        guard size >= readWholeBelow, size >= 16 else {
            try p.ensure(0..<size)
            p.expandMinimizedImage()
            return p
        }
        try p.ensure(0..<max(16, min(firstRead, readWholeBelow)))
        let complete: Bool
        switch PhotoReader.container(of: Array(p.bytes[0..<16])) {
        case .jpeg?: complete = try p.loadJPEG(limits)
        case .heif?: complete = try p.loadHEIF(limits, auxImageData: auxImageData)
        case nil: complete = true   // neither: the reader looks at the first bytes only
        }
        if !complete { try p.ensure(0..<size) }
        if auxImageData, complete {
            for r in p.photoPictureRanges { try p.ensure(r) }
        }
        p.expandMinimizedImage()
        return p
    }

    /// The bytes `PhotoThumbnail` decodes for a picture of the photo: a JPEG's primary image
    /// whole (a scaled IDCT still reads every coefficient), a HEIF's first thumbnail of the
    /// primary (ISO/IEC 23008-12 §6.4.4) or, without one, the primary, with the inputs of a
    /// derived image (§6.6.1, `dimg`) to a depth of four.
    var photoPictureRanges: [Range<Int>] {
        if let j = jpeg {
            return [0..<(j.images.first?.end ?? j.nextImageStart ?? file.size)]
        }
        guard let h = heif, let primary = h.primaryItemID else { return [] }
        var seen: Set<UInt32> = []
        var ranges: [Range<Int>] = []
        var next = [h.graph.thumbnails(of: primary).first ?? primary]
        for _ in 0..<4 where !next.isEmpty {
            next = next.filter { seen.insert($0).inserted }
            for id in next { ranges += h.dataRanges[id] ?? [] }
            next = next.flatMap { h.graph.tiles(of: $0) }
        }
        return ranges
    }

    /// Reads whatever of `range` is not loaded yet. `sparse`: for bytes that are most likely
    /// zeros, read through a small buffer and copied into `bytes` only where they are not (the
    /// unread buffer is zeros already), so zero pages of `bytes` are never written.
    mutating func ensure(_ range: Range<Int>, sparse: Bool = false) throws(Failure) {
        // Clamped to the file: a structure may name bytes past its end.
        let lower = min(max(0, range.lowerBound), file.size)
        let r = lower..<max(lower, min(file.size, range.upperBound))
        guard !r.isEmpty else { return }
        // Each gap in `loaded` is read and recorded in turn: a check makes a few dozen of
        // these calls, and lists of gaps and merged ranges were an allocation or three each.
        var at = r.lowerBound
        while at < r.upperBound {
            // `loaded` is sorted: the first range that ends after `at` bounds the gap.
            var gapEnd = r.upperBound
            var inside = false
            for l in loaded where l.upperBound > at {
                // Inside a loaded range: on past it. Before one: the gap ends where it starts.
                if l.lowerBound <= at { at = l.upperBound; inside = true } else { gapEnd = min(gapEnd, l.lowerBound) }
                break
            }
            if inside { continue }
            let g = at..<gapEnd
            let source = file
            let got = sparse ? readSparse(g) : bytes.withUnsafeMutableBytes { all in
                source.read(g, into: UnsafeMutableRawBufferPointer(rebasing: all[g]))
            }
            guard let n = got else { throw Failure(description: "cannot read bytes \(g.lowerBound)..<\(g.upperBound)") }
            if n < g.count {
                // The file was cut short while it was read: what is gone reads as zeros.
                bytes.withUnsafeMutableBytes { all in
                    _ = UnsafeMutableRawBufferPointer(rebasing: all[(g.lowerBound + n)..<g.upperBound]).initializeMemory(as: UInt8.self, repeating: 0)
                }
            }
            bytesRead += n
            insert(g)
            at = gapEnd
        }
    }

    /// Reads `g` a chunk at a time into a small buffer, copying into `bytes` only the chunks
    /// that are not all zeros; the count read, as `RandomAccessFile.read` gives it.
    private mutating func readSparse(_ g: Range<Int>) -> Int? {
        let chunk = 64 << 10
        var scratch = [UInt8](repeating: 0, count: min(chunk, g.count))
        var at = g.lowerBound
        while at < g.upperBound {
            let part = at..<min(g.upperBound, at + chunk)
            let source = file
            guard let n = scratch.withUnsafeMutableBytes({ source.read(part, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<part.count])) })
            else { return nil }
            let zeros = scratch.withUnsafeBytes { ByteScan.all(0, in: $0, 0..<n) }
            if !zeros {
                bytes.withUnsafeMutableBytes { all in
                    scratch.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: all[at..<(at + n)]).copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                }
            }
            at += n
            // A short read: the file was cut short, and `ensure` zeros the rest.
            if n < part.count { break }
        }
        return at - g.lowerBound
    }

    /// Adds `g` to `loaded`, which stays sorted, its ranges neither overlapping nor touching:
    /// the ranges `g` overlaps or touches are one run, replaced in place by their union.
    private mutating func insert(_ g: Range<Int>) {
        var first = 0
        while first < loaded.count, loaded[first].upperBound < g.lowerBound { first += 1 }
        var merged = g
        var last = first
        while last < loaded.count, loaded[last].lowerBound <= merged.upperBound {
            merged = min(merged.lowerBound, loaded[last].lowerBound)..<max(merged.upperBound, loaded[last].upperBound)
            last += 1
        }
        loaded.replaceSubrange(first..<last, with: CollectionOfOne(merged))
    }

    /// Whether every byte of `range` is loaded.
    package func isLoaded(_ range: Range<Int>) -> Bool {
        range.isEmpty || loaded.contains { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
    }
}

extension PartialRead {
    /// A low-overhead HEIF (a mini box, ISO/IEC 23008-12 Annex O), once read whole, with the
    /// meta box its mini box stands for appended (`HEIF.MinimizedImage.expanding`): every
    /// reader, rule and decoder then sees the same bytes.
    mutating func expandMinimizedImage() {
        guard PhotoReader.container(of: bytes) == .heif, isLoaded(0..<file.size) else { return }
        let expanded = HEIF.MinimizedImage.expanding(bytes)
        if expanded.count != bytes.count { heif = nil }
        bytes = expanded
    }
}
