import Foundation
import Testing
@testable import Container
import TestSupport

/// Removing a secondary image of a multi-picture JPEG removes its bytes and its MP entry;
/// bytes the writer cannot place are refused, never left out without an error.
struct JPEGStripTests {
    struct Stripped {
        let before: JPEG.File
        let written: [UInt8]
        let after: JPEG.File
        /// The removed image's bytes, SOI to EOI.
        let removed: Range<Int>
    }

    /// Removes the image of MP entry `entry` and checks what holds for every strip: no 64-byte
    /// slice of its entropy-coded data is left, the file shrinks by at least its size, one
    /// entry fewer (no index at all when one image is left), the other images' bytes are what
    /// they were, the result reads without issues and writes again unchanged.
    static func strip(_ bytes: [UInt8], entry: Int) throws -> Stripped {
        let before = try JPEG.File(parsing: bytes)
        let gone = try #require(before.images.first { $0.entry.number == entry })
        let removed = try #require(gone.start.flatMap { s in gone.end.map { s..<$0 } })
        var file = try JPEG.MultiPictureFile(before, bytes: bytes)
        file.secondaries.removeAll { $0.entryNumber == entry }
        let written = try file.serialized()
        let after = try JPEG.File(parsing: written)
        #expect(after.issues.isEmpty, "\(after.issues)")
        let data = try #require(gone.image?.entropyDataStart)
        for start in [data, data + (removed.upperBound - 2 - data - 64) / 2, removed.upperBound - 2 - 64] {
            #expect(ByteSearch.offsets(of: Array(bytes[start..<(start + 64)]), in: written).isEmpty,
                    "bytes \(start)..<\(start + 64) of image \(entry) are left")
        }
        #expect(written.count <= bytes.count - removed.count)
        let left = before.images.filter { $0.entry.number != entry }
        #expect(after.images.count == (left.count > 1 ? left.count : 0))
        #expect(after.mpf?.numberOfImages == (left.count > 1 ? UInt32(left.count) : nil))
        let kept = after.images.isEmpty ? [0..<written.count] : after.images.compactMap { m in m.start.flatMap { s in m.end.map { s..<$0 } } }
        let was = left.compactMap { m in m.start.flatMap { s in m.end.map { s..<$0 } } }
        #expect(kept.map { JPEG.MultiPictureFile.bytesWithoutMPF(written[$0]) } == was.map { JPEG.MultiPictureFile.bytesWithoutMPF(bytes[$0]) })
        #expect(try JPEG.MultiPictureFile(parsing: written).serialized() == written, "a second write changes nothing")
        return Stripped(before: before, written: written, after: after, removed: removed)
    }

    /// djpeg's exit status for `bytes`.
    static func djpeg(_ bytes: [UInt8], _ name: String) throws -> Tools.Result {
        let path = NSTemporaryDirectory() + "depthcheck-strip-\(getpid())-\(name)"
        #expect(FileBytes.write(bytes, to: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Tools.run(try #require(Tools.which("djpeg")), ["-outfile", "/dev/null", path])
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func iPhoneXDisparityIsStrippedWithItsEntry() throws {
        let bytes = try TestData.realBytes("apple-jpeg-disparity-iphonex.jpg")
        let s = try Self.strip(bytes, entry: 2)
        // The disparity is the 31,127 bytes after the primary; with one image left the
        // primary's 90-byte APP2 MPF segment goes too.
        #expect(s.removed == 2_570_521..<2_601_648)
        #expect(s.written.count == 2_601_648 - 31_127 - 90)
        #expect(s.after.mpf == nil && s.after.primary.mpfIndexes.isEmpty)
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg"), .tool("djpeg")))
    func iPhoneXWithoutDisparityDecodes() throws {
        let s = try Self.strip(try TestData.realBytes("apple-jpeg-disparity-iphonex.jpg"), entry: 2)
        let r = try Self.djpeg(s.written, "iphonex.jpg")
        #expect(r.status == 0, "\(r.stderr)")
    }

    static let goodJPEGs = ["jpeg-disparity.jpg", "writer-jpeg-depth-fdep-o3-matte.jpg", "writer-jpeg-depth-hdep-o8-matte-semantic.jpg",
                            "writer-jpeg-disparity-fdis-o6-semantic.jpg", "writer-jpeg-disparity-hdis-o1.jpg"]

    @Test(arguments: goodJPEGs)
    func goodCorpusDepthIsStrippedWithItsEntry(_ name: String) throws {
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/" + name))
        let s = try Self.strip(bytes, entry: 2)
        // The removed image, the file's size, and what the index loses: the whole 90-byte
        // segment when one image is left, else one 16-byte MP entry. The writer's aux images
        // carry 72 bytes of xpacket wrapper around their XMP.
        let expected: [String: (removed: Range<Int>, before: Int, index: Int, images: Int)] = [
            "jpeg-disparity.jpg": (653..<1_881, 1_881, 90, 0),
            "writer-jpeg-depth-fdep-o3-matte.jpg": (669..<1_807, 3_153, 16, 2),
            "writer-jpeg-depth-hdep-o8-matte-semantic.jpg": (701..<1_839, 5_450, 16, 4),
            "writer-jpeg-disparity-fdis-o6-semantic.jpg": (733..<1_879, 7_464, 16, 6),
            "writer-jpeg-disparity-hdis-o1.jpg": (653..<1_799, 1_799, 90, 0),
        ]
        let e = try #require(expected[name])
        #expect(s.removed == e.removed)
        #expect(bytes.count == e.before)
        #expect(s.written.count == e.before - e.removed.count - e.index)
        #expect(s.after.images.count == e.images)
    }

    @Test(.requires(.tool("djpeg")), arguments: goodJPEGs)
    func goodCorpusWithoutDepthDecodes(_ name: String) throws {
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/" + name))
        let r = try Self.djpeg(try Self.strip(bytes, entry: 2).written, name)
        #expect(r.status == 0, "\(r.stderr)")
    }

    // MARK: - Nothing dropped without an error

    static let aux = JPEGFixture.disparityAux()

    @Test func bytesBetweenSecondaryImagesThatNoEntryDescribesAreRefused() throws {
        let junk: [UInt8] = Array(1...10)
        let bytes = JPEGFixture.multiPicture(secondaries: [Self.aux, junk + Self.aux]) { e in
            e[2].offset += 10
            e[2].size -= 10
        }
        let start = try #require(try JPEG.File(parsing: bytes).images[2].start)
        #expect(throws: WriteError(.unreadable, at: start - 10, path: "")) { try JPEG.MultiPictureFile(parsing: bytes) }
    }

    @Test func bytesBetweenThePrimaryAndTheNextImageAreKeptAfterThePrimary() throws {
        let junk: [UInt8] = Array(1...10)
        let bytes = JPEGFixture.multiPicture(secondaries: [junk + Self.aux]) { e in
            e[1].offset += 10
            e[1].size -= 10
        }
        let file = try JPEG.MultiPictureFile(parsing: bytes)
        #expect(file.afterPrimary == junk)
        #expect(file.secondaries.count == 1)
        #expect(try file.serialized() == bytes)
    }

    @Test func zeroPaddingBetweenImagesIsNotWrittenAgain() throws {
        let bytes = JPEGFixture.multiPicture(secondaries: [[UInt8](repeating: 0, count: 10) + Self.aux]) { e in
            e[1].offset += 10
            e[1].size -= 10
        }
        let written = try JPEG.MultiPictureFile(parsing: bytes).serialized()
        #expect(written == JPEGFixture.multiPicture(secondaries: [Self.aux]))
    }

    @Test func anEntryWhoseOffsetReachesNoImageIsRefused() throws {
        let bytes = JPEGFixture.multiPicture(secondaries: [Self.aux]) { e in e[1].offset = 4 }
        let entry = try #require(try JPEG.File(parsing: bytes).mpf?.entries[1])
        let error = try #require(throws: WriteError.self) { try JPEG.MultiPictureFile(parsing: bytes) }
        #expect(error == WriteError(.unreadable, at: entry.offsetFieldOffset, path: ""))
        #expect(error.path == entry.path)
    }

    @Test func aSecondaryImageWithoutItsEOIIsRefused() throws {
        let bytes = JPEGFixture.multiPicture(secondaries: [Array(Self.aux.dropLast(2))])
        let entry = try #require(try JPEG.File(parsing: bytes).mpf?.entries[1])
        #expect(throws: WriteError(.unreadable, at: entry.offsetFieldOffset, path: "")) {
            try JPEG.MultiPictureFile(parsing: bytes)
        }
    }

    @Test func aJPEGAfterTheLastImageThatNoEntryDescribesIsKeptThroughAStrip() throws {
        let unindexed = JPEGFixture.image([])
        let bytes = JPEGFixture.multiPicture(secondaries: [Self.aux], trailing: unindexed)
        #expect(try JPEG.File(parsing: bytes).trailingBytesStartWithSOI)
        #expect(try JPEG.MultiPictureFile(parsing: bytes).serialized() == bytes)
        var file = try JPEG.MultiPictureFile(parsing: bytes)
        file.secondaries = []
        let written = try file.serialized()
        #expect(Array(written.suffix(unindexed.count)) == unindexed)
        #expect(ByteSearch.offsets(of: Self.aux, in: written).isEmpty)
    }

    @Test func zeroPaddingAfterTheLastImageIsNotWrittenAgain() throws {
        let bytes = JPEGFixture.multiPicture(secondaries: [Self.aux], trailing: [UInt8](repeating: 0, count: 100))
        #expect(try JPEG.MultiPictureFile(parsing: bytes).serialized() == JPEGFixture.multiPicture(secondaries: [Self.aux]))
    }
}
