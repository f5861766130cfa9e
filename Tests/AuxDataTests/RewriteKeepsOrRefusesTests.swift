import Testing
import AuxData
import Container
import TestSupport

/// The writers as `strip`, `embed` and `roundtrip` use them (`AuxEmbedder.edit`,
/// `PhotoWriter.rewrite`): a removed aux image's bytes leave the file, and what the writer
/// cannot place is kept or refused, never left out.
struct RewriteKeepsOrRefusesTests {
    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func stripOfTheIOS16DepthTakesItsBytesOut() throws {
        let bytes = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        let photo = try PhotoReader.read(bytes)
        let depth = try #require(photo.auxImages.first { $0.kind.isDepthLike })
        #expect(depth.index == 54)
        let written = try AuxEmbedder.edit(bytes, removing: [depth.index], adding: [])
        // 9,806 bytes of depth, 5,680 of its XMP, 321 of meta.
        #expect(written.count == 1_283_274)
        let after = try PhotoReader.read(written)
        #expect(after.auxImages.map(\.kind) == [.hdrGainMap])
        #expect(PhotoCodedData.primary(after, in: written) == PhotoCodedData.primary(photo, in: bytes))
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func stripOfTheIPhoneXDisparityTakesItsBytesOut() throws {
        let bytes = try TestData.realBytes("apple-jpeg-disparity-iphonex.jpg")
        let written = try AuxEmbedder.edit(bytes, removing: [2], adding: [])
        #expect(written.count == 2_570_431)
        #expect(try PhotoReader.read(written).auxImages.isEmpty)
    }

    /// Bytes between the primary's EOI and the next image stay right after the primary
    /// (Dynamic Depth keeps its items there): a rewrite, and a strip of the image after them,
    /// keep them in place.
    @Test func rewriteKeepsBytesAfterThePrimaryWhereTheyWere() throws {
        let aux = JPEGFixture.disparityAux()
        let bytes = JPEGFixture.multiPicture(secondaries: [[0x55] + aux]) { e in
            e[1].offset += 1
            e[1].size -= 1
        }
        let file = try JPEG.File(parsing: bytes)
        let gap = try #require(file.afterPrimary)
        #expect(gap.count == 1)
        let written = try PhotoWriter.rewrite(bytes)
        let again = try JPEG.File(parsing: written)
        #expect(again.afterPrimary.map { Array(written[$0]) } == [0x55])
        #expect(again.images.count == 2)
        let stripped = try AuxEmbedder.edit(bytes, removing: [2], adding: [])
        // No index is left: the primary, then the byte, then nothing.
        #expect(stripped.last == 0x55)
        #expect(try JPEG.File(parsing: stripped).trailingBytes == (stripped.count - 1)..<stripped.count)
    }

    /// Bytes between two secondary images that no entry describes are refused: where they
    /// belong cannot be told.
    @Test func rewriteRefusesBytesBetweenSecondaryImagesThatNoEntryDescribes() throws {
        let aux = JPEGFixture.disparityAux(images: 3)
        let bytes = JPEGFixture.multiPicture(secondaries: [aux, [0x55] + aux]) { e in
            e[2].offset += 1
            e[2].size -= 1
        }
        let start = try #require(try JPEG.File(parsing: bytes).images[2].start)
        #expect(throws: WriteError(.unreadable, at: start - 1, path: "")) { try PhotoWriter.rewrite(bytes) }
        #expect(throws: WriteError(.unreadable, at: start - 1, path: "")) {
            try AuxEmbedder.edit(bytes, removing: [2], adding: [])
        }
    }

    @Test(.requires(.realFile("libheif-fuzz-bad-depth.heic")))
    func rewriteKeepsTheTruncatedBoxAtTheEndOfAHEIF() throws {
        let bytes = try TestData.realBytes("libheif-fuzz-bad-depth.heic")
        let written = try PhotoWriter.rewrite(bytes)
        // An mdat that declares 365 bytes of which 17 are there, copied as it was.
        #expect(bytes.count == 584)
        #expect(Array(written.suffix(17)) == Array(bytes.suffix(17)))
    }
}
