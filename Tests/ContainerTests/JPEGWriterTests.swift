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
            let payload = made.serialized()
            #expect(payload.count == 88 - 2, "iPhones write a length of 88 for two images")
            var r = ByteReader(payload, path: "APP2/MPF")
            var issues: [ParseError] = []
            let index = try MPF.Index(parsing: &r, limits: .default, issues: &issues)
            #expect(issues.isEmpty)
            #expect(index == made)
            #expect(index.entries.map(MPF.EntryValues.init) == entries)
            #expect(index.version == "0100" && index.numberOfImages == 2 && !index.isStub && index.endian == endian)
            #expect(index.serialized() == payload)
        }
        let stub = try MPF.Index(numberOfImages: 3, entries: nil)
        #expect(stub.isStub && stub.entries.isEmpty)
        #expect(stub.segment().count == 2 + 44, "the stub length iPhones write")
    }
}
