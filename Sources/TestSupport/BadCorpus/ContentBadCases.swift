extension BadCorpus {
    /// `ContentFixture`'s photo with its disparity map stored turned or mirrored, every header
    /// as written for the map as it should be (`geometry.content.misaligned`).
    package static let contentCases: [BadCase] = [
        content("disparity-mirrored-left-right.jpg", 2),
        content("disparity-turned-180.jpg", 3),
        // Turned 90° clockwise and stretched back to 48×36.
        content("disparity-turned-90-stretched.jpg", 6),
    ]

    private static func content(_ name: String, _ exif: Int) -> BadCase {
        BadCase(rule: "geometry.content.misaligned", name: name) {
            (try? ContentFixture.photo(mapOrientation: exif)) ?? []
        }
    }
}
