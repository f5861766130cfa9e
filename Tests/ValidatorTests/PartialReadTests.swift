import Testing
import AuxData
import Container
import TestSupport
import Validator
import DepthCheckCore

/// A check reads the structure, the aux images and the metadata, never the primary's coded
/// data past the first read's 16 KiB, and what it concludes from those bytes is what it concludes from the whole file.
@Suite struct PartialReadTests {
    /// An in-memory file that records every range handed out; `cutAt` simulates a file cut
    /// short by another process while it is read.
    final class CountingFile: RandomAccessFile, @unchecked Sendable {
        let data: [UInt8]
        let cutAt: Int?
        var handedOut: [Range<Int>] = []
        init(_ data: [UInt8], cutAt: Int? = nil) { self.data = data; self.cutAt = cutAt }
        var size: Int { data.count }
        var total: Int { handedOut.reduce(0) { $0 + $1.count } }

        func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
            let end = min(range.upperBound, cutAt ?? data.count)
            guard end > range.lowerBound else { return 0 }
            let got = range.lowerBound..<end
            handedOut.append(got)
            data.withUnsafeBytes { src in buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: src[got])) }
            return got.count
        }

        func touches(_ r: Range<Int>) -> Bool { handedOut.contains { $0.overlaps(r) } }

        /// Whether a read after the first touched `r`. The first read takes the file's first
        /// `PartialRead.firstRead` bytes whatever they hold, the end of them perhaps the
        /// primary's coded data; the tests check it is exactly that.
        func touchesAfterFirstRead(_ r: Range<Int>) -> Bool { handedOut.dropFirst().contains { $0.overlaps(r) } }
    }

    static func json(_ bytes: [UInt8]) -> String {
        JSONReport.file(Validation.check(bytes: bytes, path: "f", options: CheckOptions())).rendered()
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func aRealJPEGsPrimaryCodedDataIsReadOnlyAtItsDeclaredEnd() throws {
        let data = try TestData.realBytes("apple-jpeg-disparity-iphonex.jpg")
        let file = CountingFile(data)
        let partial = try PartialRead.load(file)
        let whole = try JPEG.File(parsing: data)
        let coded = try #require(whole.primary.entropyDataStart)..<(try #require(whole.nextImageStart) - 2)
        #expect(coded.count > 2_500_000)
        // The iPhone declares a primary size short of the real one: the two bytes before it lie
        // in the coded data, and are read (an EOI there would end the primary); nothing else is.
        let declared = Int(try #require(whole.mpf?.entries.first).size)
        #expect(coded.contains(declared - 2) && coded.contains(declared))
        #expect(file.touches((declared - 2)..<declared))
        // One read takes the headers and the first of the coded data (a few KiB), the rest is
        // not read.
        #expect(file.handedOut.first == 0..<PartialRead.firstRead && coded.lowerBound < PartialRead.firstRead)
        #expect(!file.touchesAfterFirstRead(coded.lowerBound..<(declared - 2)), "read \(file.handedOut)")
        #expect(!file.touches(PartialRead.firstRead..<(declared - 2)), "read \(file.handedOut)")
        #expect(!file.touches(declared..<coded.upperBound), "read \(file.handedOut)")
        #expect(file.total == partial.bytesRead && partial.bytesRead < 200_000)
        #expect(Self.json(partial.bytes) == Self.json(data))
        // The structure it verified is handed on, the images where a whole parse puts them.
        let kept = try #require(partial.jpeg)
        #expect(kept.images.map(\.start) == whole.images.map(\.start) && kept.images.map(\.end) == whole.images.map(\.end))
        #expect(kept.images.count == 2 && kept.nextImageStart == whole.nextImageStart)
    }

    /// Bytes between the primary and the next image, after an EOI at the size entry 1 declares,
    /// with another EOI just before the next image: the primary ends at the declared size, in a
    /// partial read as in a whole one (a partial read that took the next image's start as the
    /// primary's end, not having read the two bytes at the declared size, missed the bytes).
    @Test func anEOIAtTheDeclaredPrimarySizeEndsThePrimaryInAPartialRead() throws {
        let gap = [UInt8](repeating: 0x5A, count: 298) + [0xFF, 0xD9]
        let shifted = JPEGFixture.multiPicture(secondaries: [JPEGFixture.disparityAux()]) { $0[1].offset += UInt32(gap.count) }
        let declared = Int(try #require(JPEG.File(parsing: shifted).mpf?.entries.first).size)
        let bytes = Array(shifted[..<declared]) + gap + Array(shifted[declared...])
        let whole = try JPEG.File(parsing: bytes)
        #expect(whole.afterPrimary == declared..<(declared + 300))
        let file = CountingFile(bytes)
        let partial = try PartialRead.load(file, readWholeBelow: 0)
        let headersEnd = try #require(whole.primary.entropyDataStart)
        #expect(declared - 2 > headersEnd)
        #expect(!file.touches(headersEnd..<(declared - 2)), "read \(file.handedOut)")
        let report = Validation.check(bytes: partial.bytes, path: "f", options: CheckOptions())
        #expect(report.findings.filter { $0.rule.rawValue == "structure.jpeg.trailing-data" } == [
            RuleFinding(rule: .structureJPEGTrailingData, severity: .warning, offset: declared, path: "",
                    message: "300 bytes between the primary's EOI and the next image belong to no image"),
        ])
        #expect(Self.json(partial.bytes) == Self.json(bytes))
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func aRealHEICsPrimaryTilesAreNeverRead() throws {
        let data = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        let file = CountingFile(data)
        let partial = try PartialRead.load(file)
        let whole = try HEIF.File(parsing: data)
        let primary = try #require(whole.primaryItemID)
        let tiles = whole.tiles(of: primary)
        #expect(tiles.count == 48)
        let coded = tiles.flatMap { whole.dataRanges[$0] ?? [] }
        #expect(coded.reduce(0) { $0 + $1.count } > 1_000_000)
        // The first read (16 KiB) ends 1,222 bytes into the first tile; no later read touches one.
        #expect(file.handedOut.first == 0..<PartialRead.firstRead)
        #expect(coded.filter { file.touches($0) } == [15162..<28463])
        for r in coded { #expect(!file.touchesAfterFirstRead(r), "tile bytes \(r) were read") }
        #expect(partial.bytesRead < 200_000)
        #expect(Self.json(partial.bytes) == Self.json(data))
    }

    /// `check --pixels` on a HEIC reads its aux images' coded data too, and the picture of the
    /// photo that content alignment compares them with: this iOS 16 photo has no thumbnail
    /// item, so its primary's tiles. The pixel report equals the one from the whole file.
    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func pixelsOfARealHEICReadItsAuxImagesAndItsPicture() throws {
        let data = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        let file = CountingFile(data)
        let partial = try PartialRead.load(file, auxImageData: true)
        let whole = try HEIF.File(parsing: data)
        let primary = try #require(whole.primaryItemID)
        #expect(file.handedOut.first == 0..<PartialRead.firstRead)
        #expect(whole.graph.thumbnails(of: primary).isEmpty)
        let tiles = whole.tiles(of: primary).flatMap { whole.dataRanges[$0] ?? [] }
        #expect(tiles.count == 48 && tiles.allSatisfy(partial.isLoaded))
        for aux in whole.auxiliaryImages {
            for r in whole.dataRanges[aux.itemID] ?? [] { #expect(partial.isLoaded(r)) }
        }
        let options = CheckOptions(pixels: true)
        func json(_ bytes: [UInt8]) -> String { JSONReport.file(Validation.check(bytes: bytes, path: "f", options: options)).rendered() }
        let fromWhole = json(data)
        #expect(json(partial.bytes) == fromWhole)
        #expect(fromWhole.contains("\"statistics\": {"))
    }

    /// Every good, bad and real file gives the same report from what it reads as from all of it.
    @Test(arguments: BadCorpus.all.map(\.name) + GoodCorpus.all.map(\.name))
    func everyCorpusFileGivesTheSameReport(_ name: String) throws {
        let data = (BadCorpus.all.first { $0.name == name }?.make()) ?? (GoodCorpus.all.first { $0.name == name }?.make() ?? [])
        #expect(Self.json(try PartialRead.load(CountingFile(data)).bytes) == Self.json(data))
        // Small files are read whole; take the partial path all the same.
        let partial = try PartialRead.load(CountingFile(data), readWholeBelow: 0)
        #expect(Self.json(partial.bytes) == Self.json(data))
        // With the HEIF or JPEG structure the partial read parsed, not parsed again: the same report.
        let again = JSONReport.file(Validation.check(partial, path: "f", options: CheckOptions())).rendered()
        #expect(again == Self.json(data))
        if GoodCorpus.all.contains(where: { $0.name == name }), PhotoReader.container(of: data) == .heif, !name.contains("mini") {
            #expect(partial.heif != nil, "a HEIF read in part hands on its structure")
        }
        // A JPEG read in part was verified, and hands on the structure it verified.
        if PhotoReader.container(of: data) == .jpeg, partial.bytesRead < data.count {
            #expect(partial.jpeg != nil, "a JPEG read in part hands on its structure")
        }
    }

    /// Padding after the last image (the iPhone 7 Plus leaves up to a megabyte of zeros) is read
    /// through a small buffer and copied only where it is not zeros: the bytes handed on, the
    /// bytes counted and the report are a whole read's, wherever a stray byte lies in it.
    @Test(arguments: [nil, 0, 65_535, 65_536, 300_000, 999_999] as [Int?])
    func paddingAfterTheLastImageIsReadExactly(_ stray: Int?) throws {
        let photo = JPEGFixture.multiPicture(secondaries: [JPEGFixture.disparityAux()])
        var padding = [UInt8](repeating: 0, count: 1_000_000)
        if let stray { padding[stray] = 0x5A }
        let data = photo + padding
        let file = CountingFile(data)
        let partial = try PartialRead.load(file, readWholeBelow: 0)
        #expect(partial.bytes[photo.count...] == data[photo.count...] && partial.isLoaded(photo.count..<data.count))
        #expect(partial.bytesRead == file.total && file.touches(photo.count..<data.count))
        #expect(Self.json(partial.bytes) == Self.json(data))
        let trailing = try #require(partial.jpeg?.trailingBytes)
        #expect(trailing == photo.count..<data.count && partial.jpeg?.trailingBytesAreZero == (stray == nil))
    }

    /// Bytes never read are zeros, not whatever the allocator handed out: the buffer goes
    /// whole to the parsers, to libjpeg and to libheif.
    @Test func unreadBytesAreZeros() throws {
        let data = try #require(GoodCorpus.all.first { $0.name == "jpeg-disparity.jpg" }).make()
        // Dirty the heap with buffers of the same size, freed before the load, so that a buffer
        // left uninitialised would likely show their bytes.
        for _ in 0..<4 {
            let dirty = [UInt8](repeating: 0xA5, count: data.count)
            #expect(dirty.last == 0xA5)
        }
        let partial = try PartialRead.load(CountingFile(data), readWholeBelow: 0)
        var unread: [Range<Int>] = []
        var at = 0
        for l in partial.loaded {
            if l.lowerBound > at { unread.append(at..<l.lowerBound) }
            at = l.upperBound
        }
        if at < data.count { unread.append(at..<data.count) }
        // The primary's entropy-coded data (254 bytes) is not read: the test has something to
        // look at.
        #expect(unread.reduce(0) { $0 + $1.count } == data.count - partial.bytesRead)
        #expect(data.count - partial.bytesRead == 254)
        for r in unread {
            #expect(partial.bytes[r].allSatisfy { $0 == 0 }, "unread bytes \(r) are not zeros")
        }
        // What was read is the file's.
        for l in partial.loaded { #expect(Array(partial.bytes[l]) == Array(data[l])) }
    }

    /// A buffer kept from file to file gives, for every file, the bytes a fresh one gives:
    /// zeros wherever that file was not read, whatever the files before it held and whatever
    /// their sizes; bytes still held from an earlier file keep their own values.
    @Test func aReusedBufferGivesTheBytesOfAFreshOne() throws {
        let files = (GoodCorpus.all.map { $0.make() } + BadCorpus.all.prefix(40).map { $0.make() }).filter { $0.count > 64 }
        #expect(files.count > 20)
        let buffer = ReadBuffer()
        var kept: [([UInt8], [UInt8])] = []
        // Large, small, large: the buffer shrinks and grows; a mini box's expansion appends.
        for (i, data) in (files + files.reversed()).enumerated() {
            let fresh = try PartialRead.load(CountingFile(data), readWholeBelow: 0)
            let reused = try PartialRead.load(CountingFile(data), readWholeBelow: 0, buffer: buffer)
            #expect(reused.bytes == fresh.bytes, "file \(i) (\(data.count) bytes)")
            #expect(reused.loaded == fresh.loaded)
            if i % 7 == 0 { kept.append((reused.bytes, fresh.bytes)) }
            buffer.recycle(reused)
        }
        for (held, expected) in kept { #expect(held == expected) }
    }

    @Test func largeFilesWithoutAnIndexAreReadWhole() throws {
        // A single-image JPEG must be scanned to its EOI: nothing can be skipped.
        let data = JPEGFixture.image([], body: [UInt8](repeating: 0x11, count: 300_000))
        let file = CountingFile(data)
        let partial = try PartialRead.load(file)
        #expect(partial.bytesRead == data.count && partial.isLoaded(0..<data.count))
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg"), .realFile("apple-heic-depth-gainmap-ios16.heic")))
    func aFileCutShortWhileReadGivesAReportNotACrash() throws {
        for name in ["apple-jpeg-disparity-iphonex.jpg", "apple-heic-depth-gainmap-ios16.heic"] {
            let data = try TestData.realBytes(name)
            for cut in [0, 100, 20_000, 70_000, data.count / 2, data.count - 10] {
                let partial = try PartialRead.load(CountingFile(data, cutAt: cut))
                let report = Validation.check(bytes: partial.bytes, path: name, options: CheckOptions())
                // What was cut reads as zeros: a check that needs those bytes has findings or
                // cannot read the file, and the check ends either way.
                #expect(report.path == name)
                if cut == 0 { #expect(report.verdict == .unreadable) }
                if cut == data.count - 10, name.hasSuffix(".jpg") { #expect(report.verdict == .fail, "the disparity map ends the JPEG") }
            }
        }
    }
}
