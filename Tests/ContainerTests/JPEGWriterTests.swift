import Testing
@testable import Container
import TestSupport

/// The JPEG writer: take a file apart, put it together, read it again. Offsets and sizes are
/// exact, and every byte but the APP2 MPF segments is the one that was read.
struct JPEGWriterTests {
    /// Reads `bytes`, writes them, reads the result; checks what must hold for every file.
    static func roundTrip(_ bytes: [UInt8]) throws -> (JPEG.File, [UInt8], JPEG.File) {
        let before = try JPEG.File(parsing: bytes)
        let written = try JPEG.MultiPictureFile(before, bytes: bytes).serialized()
        let after = try JPEG.File(parsing: written)
        #expect(after.issues.isEmpty, "\(after.issues)")
        #expect(after.images.count == before.images.count)
        // Every image: its bytes without the MPF segment are the ones read.
        for (x, y) in zip(before.images, after.images) {
            let bx = try #require(x.start.flatMap { s in x.end.map { s..<$0 } })
            let by = try #require(y.start.flatMap { s in y.end.map { s..<$0 } })
            #expect(JPEG.MultiPictureFile.bytesWithoutMPF(bytes[bx]) == JPEG.MultiPictureFile.bytesWithoutMPF(written[by]))
            // Each entry's size is the image's real length, its offset + base its SOI.
            #expect(Int(y.entry.size) == by.count)
        }
        if let mpf = after.mpf {
            for (e, m) in zip(mpf.entries, after.images) where e.number > 1 {
                #expect(Int(e.imageOffset) + mpf.tiffHeaderOffset == m.start)
            }
            for m in after.images.dropFirst() {
                #expect(m.image?.mpf?.isStub == true)
                #expect(m.image?.mpf?.numberOfImages == UInt32(after.images.count))
            }
        }
        // Writing again changes nothing: the writer's output is its own fixed point.
        #expect(try JPEG.MultiPictureFile(parsing: written).serialized() == written)
        return (before, written, after)
    }

    @Test(arguments: ["jpeg-disparity.jpg"])
    func goodCorpusFileRoundTrips(_ name: String) throws {
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/" + name))
        let (_, written, _) = try Self.roundTrip(bytes)
        // The corpus file was made with exact offsets: the writer gives it back unchanged.
        #expect(written == bytes)
    }

    @Test func fixtureWithMatteRoundTripsUnchanged() throws {
        let bytes = try #require(GoodCorpus.all.first { $0.name == "jpeg-disparity-matte.jpg" }).make()
        let (_, written, after) = try Self.roundTrip(bytes)
        #expect(written == bytes)
        #expect(after.images.count == 3)
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func iPhoneXFileGetsItsPrimarySizeRepaired() throws {
        let bytes = try TestData.realBytes("apple-jpeg-disparity-iphonex.jpg")
        let (before, written, after) = try Self.roundTrip(bytes)
        #expect(before.mpf?.entries[0].size == 2_558_675)
        #expect(after.mpf?.entries[0].size == 2_570_521)
        #expect(written.count == bytes.count)
        // Only the four bytes of entry 1's size differ.
        let differing = zip(bytes, written).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        let sizeField = try #require(before.mpf?.entries[0].sizeFieldOffset)
        #expect(!differing.isEmpty && differing.allSatisfy { (sizeField..<(sizeField + 4)).contains($0) })
    }

    @Test(.requires(.realFile("imageio-jpeg-gainmap.jpg")))
    func imageIOGainMapFileRoundTrips() throws {
        let bytes = try TestData.realBytes("imageio-jpeg-gainmap.jpg")
        let (_, _, after) = try Self.roundTrip(bytes)
        #expect(after.images.count == 2)
    }

    @Test(.requires(.realFile("google-gdepth-lensblur.jpg")))
    func singleImageFileIsWrittenAsItWas() throws {
        let bytes = try TestData.realBytes("google-gdepth-lensblur.jpg")
        #expect(try JPEG.MultiPictureFile(parsing: bytes).serialized() == bytes)
    }

    @Test func addingAndRemovingImagesKeepsOffsetsExact() throws {
        let bytes = JPEGFixture.demoDisparity()
        var file = try JPEG.MultiPictureFile(parsing: bytes)
        let second = try #require(file.secondaries.first)
        file.secondaries.append(second)
        let three = try file.serialized()
        let (_, _, after) = try Self.roundTrip(three)
        #expect(after.mpf?.numberOfImages == 3 && after.images.count == 3)
        file.secondaries = []
        let plain = try file.serialized()
        let single = try JPEG.File(parsing: plain)
        #expect(single.mpf == nil && single.primary.mpfIndexes.isEmpty)
        #expect(JPEG.MultiPictureFile.bytesWithoutMPF(plain[...]) == plain)
    }

    @Test func anIndexIsReadBackAsWritten() throws {
        let entries = [MPF.EntryValues(attribute: 0x0003_0000, size: 1000),
                       MPF.EntryValues(attribute: 0, size: 20, imageOffset: 980, dependentImage1: 0, dependentImage2: 0)]
        for endian in [Endian.big, .little] {
            let made = try MPF.Index(endian: endian, numberOfImages: 2, entries: entries)
            let payload = try made.serialized()
            #expect(payload.count == 88 - 2, "iPhones write a length of 88 for two images")
            var r = ByteReader(payload, path: "APP2/MPF")
            var issues: [ParseError] = []
            let index = try MPF.Index(parsing: &r, limits: .default, issues: &issues)
            #expect(issues.isEmpty)
            #expect(index == made)
            #expect(index.entries.map(MPF.EntryValues.init) == entries)
            #expect(index.version == "0100" && index.numberOfImages == 2 && !index.isStub && index.endian == endian)
            #expect(try index.serialized() == payload)
        }
        let stub = try MPF.Index(numberOfImages: 3, entries: nil)
        #expect(stub.isStub && stub.entries.isEmpty)
        #expect(try stub.segment().count == 2 + 44, "the stub length iPhones write")
    }

    /// An index that an APP2 segment's 16-bit length cannot hold is refused when it is made,
    /// never written with a wrapped length: 4,092 entries fit (65,526 bytes of payload), 4,093 do not.
    @Test func anIndexLargerThanAnAPP2SegmentIsRefused() throws {
        let fits = try MPF.Index(numberOfImages: 4_092, entries: Array(repeating: MPF.EntryValues(attribute: 0), count: 4_092))
        #expect(try fits.segment().count == 2 + 2 + 65_526)
        let refusal = #expect(throws: WriteError.self) {
            try MPF.Index(numberOfImages: 4_093, entries: Array(repeating: MPF.EntryValues(attribute: 0), count: 4_093))
        }
        #expect(refusal == WriteError(.fieldOverflow, at: 0, path: "APP2/MPF",
                                      "an index of 4093 entries is 65542 bytes; an APP2 segment holds 65533"))
    }

    /// The TIFF writer lays out what `Exif.IFD` reads back: inline values left-justified, longer
    /// ones after the IFD at even offsets, in field order.
    @Test func aTIFFStructureIsReadBackAsWritten() throws {
        for endian in [Endian.big, .little] {
            var tiff = Exif.TIFFWriter(endian: endian)
            try tiff.short(0x0100, [7])
            try tiff.long(0x0101, [1, 2])
            try tiff.undefined(0x0102, [1, 2, 3, 4, 5])
            try tiff.short(0x0103, [9, 10, 11])
            let bytes = try tiff.bytes()
            // The header, the IFD, then 8 bytes of LONGs, 5 of UNDEFINED and a pad byte, 6 of SHORTs.
            #expect(bytes.count == 8 + 2 + 4 * 12 + 4 + 8 + 6 + 6)
            var r = ByteReader(bytes, path: "TIFF")
            let header = try Exif.TIFFHeader(parsing: &r)
            #expect(header.endian == endian && header.firstIFDOffset == 8)
            let ifd = try Exif.IFD(in: ByteReader(bytes, path: "TIFF"), endian: endian, relativeOffset: header.firstIFDOffset,
                                   fieldOffset: 4, path: "TIFF/IFD0")
            #expect(ifd.entries.map(\.tag) == [0x0100, 0x0101, 0x0102, 0x0103])
            #expect(ifd.entries.map(\.count) == [1, 2, 5, 3])
            #expect(ifd.entries.map(\.valueOrOffset)[1...] == [62, 70, 76])
            #expect(ifd.entries[0].valueOrOffset == (endian == .big ? 0x0007_0000 : 7), "a SHORT is left-justified")
            #expect(ifd.nextIFDOffset == 0)
        }
    }
}
