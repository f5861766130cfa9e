import Container
import Validator

extension BadCorpus {
    /// Known-bad files for the pixel rules (`check --pixels`): each is correct in its structure
    /// and description, and wrong only in what its aux image decodes to.
    package static let pixelCases: [BadCase] = [
        // The disparity image's entropy-coded data stops after 10 bytes and EOI follows: the
        // container is whole, the scan is not (libjpeg warns of a premature end of data).
        BadCase(rule: .pixelsAuxUndecodable, name: "disparity-scan-cut-short.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity(body: scanCutShort(JPEGFixture.gray16x12Body, keep: 10))])
        },
        // The depth item's ispe says 32×24; its SPS codes (and libheif decodes) 16×12.
        heifCase(.pixelsAuxSizeMismatch, "depth-ispe-32x24-decodes-16x12") { f in
            f.properties[3] = HEIFBadFile.ispe(32, 24)
        },
        // apdi IntMinValue…IntMaxValue is 0…200; the 8-bit map stores samples up to 255.
        BadCase(rule: .pixelsIntRangeOutside, name: "disparity-int-max-200-samples-to-255.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1],
                                     secondaries: [P.disparity(P.setting(P.disparityFields, "apdi:IntMaxValue", "200"))])
        },
        // A depth map (hdep) whose FloatMinValue is −1 m: the darker samples map to negative distances.
        BadCase(rule: .pixelsDepthValueInvalid, name: "depth-float-min-negative.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity(depthFields(floatMin: "-1.000000"))])
        },
        // Every sample of the disparity map is 100.
        BadCase(rule: .pixelsMapFlat, name: "disparity-all-100.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1],
                                     secondaries: [P.disparity(images: 3, body: JPEGFixture.flat100Gray16x12Body), P.matte()])
        },
        // The portrait effects matte beside a good disparity map is 0 everywhere.
        BadCase(rule: .pixelsMatteEmpty, name: "portrait-matte-all-zero.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1],
                                     secondaries: [P.disparity(images: 3), P.matte(body: JPEGFixture.zeroGray16x12Body)])
        },
    ]

    private typealias P = JPEGBadParts

    /// Apple's depth (hdep) fields: metres from FloatMinValue to FloatMaxValue.
    static func depthFields(floatMin: String, floatMax: String = "4.000000") -> [JPEGBadParts.Property] {
        var f = P.setting(P.disparityFields, "apdi:NativeFormat", P.hdep)
        f = P.setting(f, "apdi:AuxiliaryImageType", "depth")
        f = P.setting(f, "apdi:FloatMinValue", floatMin)
        return P.setting(f, "apdi:FloatMaxValue", floatMax)
    }

    /// `body` (tables, SOF, SOS, scan, EOI) with the scan's entropy-coded data cut to its
    /// first `keep` bytes, then EOI.
    package static func scanCutShort(_ body: [UInt8], keep: Int) -> [UInt8] {
        guard let sos = (0..<(body.count - 3)).first(where: { body[$0] == 0xFF && body[$0 + 1] == 0xDA }) else { return body }
        let scanStart = sos + 2 + (Int(body[sos + 2]) << 8 | Int(body[sos + 3]))
        return Array(body[..<min(body.count, scanStart + keep)]) + JPEGFixture.eoi
    }
}
