import Testing
@testable import AuxData

/// The placements the report draws a misaligned map in: moved with its edge repeated, and its
/// middle kept.
@Suite struct RGBPicturePlacementTests {
    /// A 4×2 picture whose pixel (x, y) has red x and green y.
    static let picture = RGBPicture(width: 4, height: 2,
                                    pixels: (0..<2).flatMap { y in (0..<4).map { x in RGBPicture.Pixel(UInt8(x), UInt8(y), 0) } })

    @Test func aMoveRepeatsTheEdgeIntoWhatOpens() throws {
        let p = try #require(Self.picture)
        // 50 % right of a 4-wide picture is 2 columns: columns 0, 0, 0, 1.
        #expect(p.shifted(xPercent: 50, yPercent: 0).pixels.map(\.r) == [0, 0, 0, 1, 0, 0, 0, 1])
        // 50 % up of a 2-high picture is 1 row: row 1 twice.
        #expect(p.shifted(xPercent: 0, yPercent: -50).pixels.map(\.g) == [1, 1, 1, 1, 1, 1, 1, 1])
        #expect(p.shifted(xPercent: 0, yPercent: 0) == p)
    }

    @Test func theMiddleIsKeptAboutTheCentre() throws {
        let p = try #require(Self.picture)
        let middle = p.middle(50)
        #expect(middle.width == 2 && middle.height == 1)
        #expect(middle.pixels == [RGBPicture.Pixel(1, 0, 0), RGBPicture.Pixel(2, 0, 0)])
        #expect(p.middle(100) == p)
    }
}
