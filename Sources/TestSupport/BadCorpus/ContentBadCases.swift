import Validator
extension BadCorpus {
    /// `ContentFixture`'s photo with its disparity map stored turned, mirrored or moved, every
    /// header as written for the map as it should be (`geometry.content.misaligned`), or with the
    /// map of another photo (`geometry.content.unrelated`).
    package static let contentCases: [BadCase] = [
        content("disparity-mirrored-left-right.jpg", 2),
        content("disparity-turned-180.jpg", 3),
        // Turned 90° clockwise and stretched back to 48×36.
        content("disparity-turned-90-stretched.jpg", 6),
        // The scene in the map 15 % right of where it is in the photo.
        content("disparity-moved-15-percent-right.jpg", 1, shift: 15),
        // The photo cropped to its middle 80 % after its disparity map was made.
        BadCase(rule: .geometryContentMisaligned, name: "disparity-of-photo-before-crop.jpg") {
            (try? ContentFixture.photo(mapOrientation: 1, photoKeeping: 80)) ?? []
        },
        // The portrait matte turned 180°, the disparity as it should be.
        BadCase(rule: .geometryContentMisaligned, name: "portrait-matte-turned-180.jpg") {
            (try? ContentFixture.photo(matteOrientation: 3)) ?? []
        },
        // An Ultra HDR photo whose gain map is mirrored left to right.
        BadCase(rule: .geometryContentMisaligned, name: "gain-map-mirrored-left-right.jpg") {
            (try? ContentFixture.ultraHDR(gainMapOrientation: 2)) ?? []
        },
        // The disparity map of another photo (two discs where this photo has none).
        BadCase(rule: .geometryContentUnrelated, name: "disparity-of-another-photo.jpg") {
            (try? ContentFixture.photo(mapOrientation: 1, otherPhoto: true)) ?? []
        },
        // The scene as a HEIC (x265) with its disparity map turned 180° (ContentHEIFCorpus).
        BadCase(rule: .geometryContentMisaligned, name: "heic-disparity-turned-180.heic") { ContentHEIFCorpus.mapTurned180 },
        // The scene as a HEIC with another photo's disparity map.
        BadCase(rule: .geometryContentUnrelated, name: "heic-disparity-of-another-photo.heic") { ContentHEIFCorpus.otherPhotosMap },
        // An Ultra HDR photo whose gain map follows another photo's brightness.
        BadCase(rule: .geometryContentUnrelated, name: "gain-map-of-another-photo.jpg") {
            (try? ContentFixture.ultraHDR(gainMapOrientation: 1, otherPhoto: true)) ?? []
        },
    ]

    private static func content(_ name: String, _ exif: Int, shift: Int = 0) -> BadCase {
        BadCase(rule: .geometryContentMisaligned, name: name) {
            (try? ContentFixture.photo(mapOrientation: exif, shift: shift)) ?? []
        }
    }
}
