import Container

extension PartialRead {
    /// JPEG: the primary's headers, each MP image, the bytes after the last image. True when the
    /// loaded bytes are all a check reads; false when the whole file is needed (no MPF index:
    /// the primary must be scanned to its EOI; or anything that cannot be verified).
    mutating func loadJPEG(_ limits: ParseLimits) throws(Failure) -> Bool {
        guard let headers = try primaryHeaders(limits), let index = headers.mpf, !index.isStub,
              !index.entries.isEmpty else { return false }
        // Entry 1's size says where the primary ends (CIPA DC-007 §5.2.3.3.2) when an EOI ends
        // the bytes there (`JPEG.File.end(of:declared:next:in:limits:)`), which matters when
        // something lies between the primary and the next image: Dynamic Depth items (Dynamic
        // Depth 1.0, Container), or bytes nothing names. So the two bytes before it are read
        // whenever it can be that end. iPhones declare a size short of the real one, which puts
        // those two bytes inside the primary's coded data: one small read there, without which
        // the primary could end elsewhere than in a reading of the whole file.
        if let declared = PartialRead.declaredPrimaryEnd(headers, index, fileSize: file.size) {
            try ensure((declared - 2)..<declared)
        }
        for entry in index.entries where entry.number > 1 {
            // CIPA DC-007 §5.2.3.3.3: the offset counts from the MPF TIFF header.
            guard let start = index.tiffHeaderOffset +? Int(entry.imageOffset), start < file.size,
                  let sized = start +? Int(entry.size), let end = sized +? PartialRead.slack else { continue }
            try ensure(max(0, start - 2)..<end)
        }
        // The bytes after the primary and after the last image are known once the images have
        // been read; read them, then the structure again over everything it reads.
        // The bytes after the last image are most often padding (the iPhone 7 Plus leaves up to
        // a megabyte of zeros): read through a small buffer, they cost their copy and a scan.
        guard let first = try? JPEG.File(parsing: bytes, limits: limits) else { return false }
        let outside = [first.afterPrimary, first.trailingBytes].compactMap { $0 }.filter { !isLoaded($0) }
        guard !outside.isEmpty else { return keepIfVerified(first) }
        for r in outside { try ensure(r, sparse: r == first.trailingBytes) }
        guard let file = try? JPEG.File(parsing: bytes, limits: limits) else { return false }
        return keepIfVerified(file)
    }

    /// `verified(file)`, keeping `file` as `jpeg` when it holds: it was parsed from the bytes
    /// the check reads, which no later step changes.
    private mutating func keepIfVerified(_ file: JPEG.File) -> Bool {
        guard verified(file) else { return false }
        jpeg = file
        return true
    }

    /// The primary's marker segments up to and including its first SOS header, each read
    /// whole and nothing after it (ITU-T T.81 B.1.1.4: a marker, then a length that counts
    /// itself); then parsed. Nil when the segments cannot be walked (the whole-file read
    /// reports why).
    mutating func primaryHeaders(_ limits: ParseLimits) throws(Failure) -> JPEG.Image? {
        var at = 2
        var segments = 0
        var hasMPF = false
        while segments < limits.maxBoxes {
            segments += 1
            try ensure(at..<(at + 4))
            guard at + 4 <= file.size, bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            // Fill bytes (FF FF…) may precede a marker (B.1.1.2); markers without a length
            // (RSTn, TEM) do not occur before SOS in a file the parser accepts.
            if marker == 0xFF { at += 1; continue }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, let after = at +? 2, let end = after +? length else { return nil }
            // SOS: its header and nothing after it, the coded data follows.
            if marker == 0xDA {
                try ensure(at..<end)
                break
            }
            // Any other segment with the marker and length that follow it (fill bytes or the
            // next marker, B.1.1.2: header bytes still), so that each segment costs one read.
            try ensure(at..<((end +? 4) ?? end))
            // CIPA DC-007 §5.2: the MP index is an APP2 segment identified by "MPF\0".
            if marker == 0xE2, end >= at + 8, bytes[(at + 4)..<(at + 8)].elementsEqual([0x4D, 0x50, 0x46, 0x00]) {
                hasMPF = true
            }
            at = end
        }
        // Without an MP index the whole file is read anyway: parsing the headers now (an
        // Extended XMP packet can be half a megabyte, hashed with MD5) would be done twice.
        guard hasMPF else { return nil }
        guard let image = try? JPEG.Image(parsingHeadersOf: bytes, at: 0, limits: limits),
              let end = image.entropyDataStart, isLoaded(0..<end) else { return nil }
        return image
    }

    /// The size entry 1 declares for the primary, when it can be where the primary ends: past
    /// the primary's headers (an Exif thumbnail's EOI lies inside them) and inside the file.
    static func declaredPrimaryEnd(_ primary: JPEG.Image, _ index: MPF.Index, fileSize: Int) -> Int? {
        guard let first = index.entries.first, let headersEnd = primary.entropyDataStart else { return nil }
        let declared = Int(first.size)
        return declared >= 4 && declared > headersEnd && declared <= fileSize ? declared : nil
    }

    /// Every byte the JPEG reading looked at is loaded: the headers, the primary's EOI, each
    /// image from the two bytes before its SOI to its EOI, the bytes between the primary and the
    /// next image and the trailing bytes; and the primary's end came from the index, not from
    /// a scan of its coded data.
    func verified(_ file: JPEG.File) -> Bool {
        guard let headersEnd = file.primary.entropyDataStart, isLoaded(0..<headersEnd),
              !file.primaryEndScanned, let end = file.images.first?.end, end >= 2, isLoaded((end - 2)..<end),
              file.afterPrimary.map(isLoaded) ?? true else { return false }
        // Whether the declared size is where the primary ends was read from loaded bytes.
        if let index = file.mpf, let declared = PartialRead.declaredPrimaryEnd(file.primary, index, fileSize: self.file.size),
           !isLoaded((declared - 2)..<declared) {
            return false
        }
        for image in file.images.dropFirst() {
            guard let start = image.start else { continue }
            guard image.image != nil, let end = image.end, end >= start, isLoaded(max(0, start - 2)..<end) else {
                return false
            }
        }
        return file.trailingBytes.map(isLoaded) ?? true
    }

    /// HEIF: the top-level box headers, `meta`, and the data of every item that is not coded
    /// image data. True when that is all a check reads.
    mutating func loadHEIF(_ limits: ParseLimits, auxImageData: Bool = false) throws(Failure) -> Bool {
        guard try topLevelBoxes() else { return false }
        // The structure needs only what `topLevelBoxes` loaded; it names the item data to load,
        // which then completes it (the same model as reading the whole file: nothing the
        // structure reads changes as item data is loaded).
        guard let structure = try? HEIF.Structure(parsing: bytes, limits: limits) else { return false }
        // Indexed, and the types compared in place: an item is not copied to look at its type.
        let items = structure.graph.items
        for i in items.indices where !PartialRead.isCodedImage(items[i].type) {
            for r in structure.dataRanges[items[i].id] ?? [] { try ensure(r) }
        }
        // What `HEIF.AV1ItemData` reads of each av01 item (OBU headers, the sequence header,
        // the first frame header), loaded as its walk finds it: each pass loads what the one
        // before read unloaded, and a walk that does not settle is left to the whole read.
        for i in items.indices where items[i].type == BMFF.BoxType.av01 {
            guard let rs = structure.dataRanges[items[i].id], !rs.isEmpty else { continue }
            var passes = 0
            while true {
                let missing = HEIF.AV1ItemData(bytes: bytes, ranges: rs, path: "").readRanges.filter { !isLoaded($0) }
                if missing.isEmpty { break }
                passes += 1
                guard passes <= 64 else { return false }
                for r in missing { try ensure(r) }
            }
        }
        if auxImageData {
            // Aux images (ISO/IEC 23008-12 §6.4.6: the items with an `auxl` reference) and the
            // tiles of those that are grids (§6.6.2.3, `dimg`).
            for aux in structure.graph.auxiliaryImages {
                for id in [aux.itemID] + structure.graph.tiles(of: aux.itemID) {
                    for r in structure.dataRanges[id] ?? [] { try ensure(r) }
                }
            }
        }
        let file = HEIF.File(structure, bytes: bytes)
        guard isLoaded(file.metaRange) else { return false }
        for h in file.topLevelBoxes where !isLoaded(h.offset..<(h.offset + h.headerSize)) { return false }
        for i in items.indices where !PartialRead.isCodedImage(items[i].type) {
            for r in file.dataRanges[items[i].id] ?? [] where !isLoaded(r) { return false }
        }
        for data in file.av1Items.values where !data.readRanges.allSatisfy(isLoaded) { return false }
        heif = file
        return true
    }

    /// Whether items of `type` hold coded pixels, which a check locates but never reads
    /// (HEVC, AV1, JPEG, uncompressed, AVC, VVC, JPEG 2000 items).
    static func isCodedImage(_ type: FourCC) -> Bool {
        switch type {
        case "hvc1", "av01", "jpeg", "unci", "avc1", "vvc1", "j2k1": true
        default: false
        }
    }

    /// Reads each top-level box header (ISO/IEC 14496-12 §4.2) and the whole of `ftyp` and
    /// `meta`. False for a layout the walk cannot follow cheaply (the whole read handles it).
    mutating func topLevelBoxes() throws(Failure) -> Bool {
        var offset = 0
        var count = 0
        while offset < file.size {
            count += 1
            guard count <= 4096 else { return false }
            // The compact header, then a largesize or a uuid when the header says so: never a
            // byte of the payload, which may be coded image data (mdat).
            try ensure(offset..<(offset + 8))
            // A header cut off by the end of the file: its bytes, all there are, are loaded.
            guard file.size - offset >= 8 else { return true }
            if bytes[offset..<(offset + 4)].elementsEqual([0, 0, 0, 1]) {
                try ensure(offset..<(offset + 16))
                guard file.size - offset >= 16 else { return true }
            }
            guard let h = boxHeader(at: offset) else { return false }
            if h.type == "uuid" { try ensure(offset..<(offset + h.headerSize + 16)) }
            // With the next box's compact header: a header, never payload.
            if h.type == "meta" || h.type == "ftyp" { try ensure(offset..<((h.end +? 8) ?? h.end)) }
            offset = h.end
        }
        return true
    }

    /// Size and type of the box at `offset` (loaded): its end, clipped to the file.
    func boxHeader(at offset: Int) -> (type: FourCC, headerSize: Int, end: Int)? {
        guard file.size - offset >= 8 else { return nil }
        func u32(_ at: Int) -> UInt32 { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        let size32 = u32(offset)
        let type = FourCC(rawValue: u32(offset + 4))
        let size: Int
        var headerSize = 8
        switch size32 {
        case 0: size = file.size - offset
        case 1:
            guard file.size - offset >= 16 else { return nil }
            let large = (UInt64(u32(offset + 8)) << 32) | UInt64(u32(offset + 12))
            guard let s = Int(exactly: large), s >= 16 else { return nil }
            size = s
            headerSize = 16
        default:
            guard size32 >= 8 else { return nil }
            size = Int(size32)
        }
        guard let end = offset +? size else { return nil }
        return (type, headerSize, min(end, file.size))
    }
}
