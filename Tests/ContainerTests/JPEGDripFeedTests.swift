import Testing
@testable import Container
import TestSupport

/// Every strict prefix of a good file must give a thrown `ParseError` or at least one issue,
/// and never trap (house style §7.7, drip-feed).
@Suite struct JPEGDripFeedTests {
    static let fixtures: [(String, [UInt8])] = [
        ("demo disparity", JPEGFixture.demoDisparity()),
        ("little-endian MPF", JPEGFixture.multiPicture(secondaries: [JPEGFixture.disparityAux()], endian: .little)),
        ("three images", JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 6, endian: .little)],
                                                  secondaries: [JPEGFixture.disparityAux(images: 3),
                                                                JPEGFixture.disparityAux(images: 3)])),
        ("plain gray", JPEGFixture.image([])),
        ("progressive", JPEGFixture.image([JPEGFixture.exif(orientation: 3)], body: JPEGFixture.progressiveGray16x12Body)),
        ("extended XMP", JPEGFixture.image([JPEGFixture.xmp("<x:xmpmeta/>")]
                                           + JPEGFixture.extendedXMP(Array(repeating: 0x41, count: 700), chunkSize: 256))),
    ]

    /// True when reading `bytes` throws a ParseError or reports an issue.
    static func complains(_ bytes: [UInt8]) -> Bool {
        do throws(ParseError) {
            return !(try JPEG.File(parsing: bytes)).issues.isEmpty
        } catch {
            return true
        }
    }

    @Test(arguments: fixtures.map(\.0))
    func everyStrictPrefixOfAFixtureComplains(name: String) throws {
        let bytes = try #require(Self.fixtures.first { $0.0 == name }?.1)
        #expect(!Self.complains(bytes), "the whole file reads cleanly")
        for n in 0..<bytes.count {
            #expect(Self.complains(Array(bytes[0..<n])), "prefix of \(n) bytes of \(name)")
        }
    }

    /// About 200 prefix lengths: around every segment and image boundary, plus evenly spaced ones.
    static func sampleLengths(_ bytes: [UInt8]) throws -> [Int] {
        let file = try JPEG.File(parsing: bytes)
        var marks: Set<Int> = [0, 1, 2, 3, bytes.count - 2, bytes.count - 1]
        var images = [file.primary] + file.images.dropFirst().compactMap(\.image)
        if file.images.isEmpty { images = [file.primary] }
        for image in images {
            for s in image.segments { marks.formUnion([s.offset, s.offset + 2, s.offset + 4, s.end]) }
            if let e = image.entropyDataStart { marks.insert(e) }
            if let e = image.end { marks.insert(e) }
        }
        for m in file.images.compactMap(\.start) { marks.insert(m) }
        var lengths: Set<Int> = []
        for m in marks { for d in -1...1 { lengths.insert(m + d) } }
        let spaced = max(1, 200 - lengths.count)
        for i in 0..<spaced { lengths.insert(bytes.count * i / spaced) }
        return lengths.filter { $0 >= 0 && $0 < bytes.count }.sorted()
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg"), .realFile("google-gdepth-lensblur.jpg"),
                    .realFile("imageio-jpeg-gainmap.jpg")),
          arguments: ["apple-jpeg-disparity-iphonex.jpg", "google-gdepth-lensblur.jpg", "imageio-jpeg-gainmap.jpg"])
    func sampledPrefixesOfARealFileComplain(name: String) throws {
        let bytes = try TestData.realBytes(name)
        let lengths = try Self.sampleLengths(bytes)
        #expect(lengths.count >= 150)
        for n in lengths {
            #expect(Self.complains(Array(bytes[0..<n])), "prefix of \(n) bytes of \(name)")
        }
    }
}
