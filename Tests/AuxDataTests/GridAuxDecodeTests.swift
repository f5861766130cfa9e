import Foundation
import Testing
import TestSupport
@testable import AuxData

/// A disparity map stored as a `grid` of two HEVC tiles (`HEIFFixture.gridDisparity`): the
/// decoder assembles it to the grid's 32×12, each half is the tile, and pillow-heif (a current
/// libheif) decodes the same samples.
@Suite struct GridAuxDecodeTests {
    static func decoded() throws -> (grid: StoredImage, tile: StoredImage) {
        let bytes = HEIFFixture.gridDisparity()
        let photo = try PhotoReader.read(bytes)
        let aux = try #require(photo.auxImages.first { $0.kind.isDepthLike })
        #expect(aux.index == 2)
        let grid = try AuxDecoder(photo: photo, bytes: bytes).storedImage(aux)
        let good = HEIFFixture.corpusDisparity.build()
        let goodPhoto = try PhotoReader.read(good)
        let tile = try AuxDecoder(photo: goodPhoto, bytes: good).storedImage(try #require(goodPhoto.auxImages.first))
        return (grid, tile)
    }

    @Test func theGridIsItsTwoTilesSideBySide() throws {
        let (grid, tile) = try Self.decoded()
        #expect(grid.layout == StoredLayout(width: 32, height: 12, bitDepth: 8, codec: .grid))
        #expect(tile.width == 16 && tile.height == 12)
        for y in 0..<12 {
            for x in 0..<16 {
                #expect(grid.sample(x: x, y: y) == tile.sample(x: x, y: y))
                #expect(grid.sample(x: x + 16, y: y) == tile.sample(x: x, y: y))
            }
        }
        // The tile is not flat: the comparison means something.
        #expect(Set(tile.samples).count > 1)
    }

    @Test(.requires(.pillowHEIF))
    func samplesEqualPillowHEIF() throws {
        let python = try #require(Tools.pyenvPython)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("depthcheck-grid-\(getpid()).heic").path
        try Data(HEIFFixture.gridDisparity()).write(to: URL(fileURLWithPath: scratch))
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let script = """
            import sys, pillow_heif, numpy as np
            f = pillow_heif.open_heif(sys.argv[1])
            d = f.info["depth_images"][0]
            a = np.asarray(d)
            print(a.shape[1], a.shape[0], " ".join(str(int(v)) for v in a.astype(np.uint16).ravel()))
            """
        let r = try Tools.run(python, ["-c", script, scratch])
        try #require(r.status == 0, "pillow-heif: \(r.stderr)")
        let words = String(decoding: r.stdout, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        let (grid, _) = try Self.decoded()
        #expect(Array(words.prefix(2)) == [32, 12])
        #expect(words.dropFirst(2).map { UInt16($0) } == grid.samples)
    }
}
