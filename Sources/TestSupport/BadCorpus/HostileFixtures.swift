/// Files the hostile-input tests build: each stands for a family of inputs that once made a
/// command do something a careful user would not expect.
package enum HostileFixtures {
    private typealias P = JPEGBadParts

    /// A JPEG whose disparity (MPF image 2) decodes and whose portrait matte (image 3) does
    /// not: the matte's scan stops after 10 bytes of entropy-coded data.
    package static func disparityThenUndecodableMatte() -> [UInt8] {
        JPEGFixture.multiPicture(primaryBefore: [P.exif1],
                                 secondaries: [P.disparity(images: 3),
                                               P.matte(body: BadCorpus.scanCutShort(JPEGFixture.gray16x12Body, keep: 10))])
    }
}
