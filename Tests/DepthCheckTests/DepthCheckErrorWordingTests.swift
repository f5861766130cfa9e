import DepthCheck
import Testing
import Validator

/// The library says what would resolve a refusal in its own words; option names are the
/// command line's to add.
@Suite struct DepthCheckErrorWordingTests {
    @Test func refusalsNameNoCommandLineOption() {
        let tooLarge = DepthCheckError.mapTooLarge(name: "m.pgm", detail: "map of 48 pixels exceeds the limit of 40",
                                                   photoWidth: 64, photoHeight: 48)
        #expect(tooLarge.description == "refused: m.pgm: map of 48 pixels exceeds the limit of 40; a map may have no more pixels than its photo (64x48) or the pixel limit")
        let shown = DepthCheckError.aspectMismatch(rule: .geometryAuxAspectMismatch, message: "m.pgm is 3×4, the photo 64×48",
                                                   displayWidth: 48, displayHeight: 64)
        #expect(shown.description == "refused (geometry.aux.aspect-mismatch): m.pgm is 3×4, the photo 64×48; the map fits the photo as displayed (48×64): embed it with orient to store it in the photo's frame")
        let plain = DepthCheckError.aspectMismatch(rule: .geometryAuxAspectMismatch, message: "m.pgm is 3×3", displayWidth: nil, displayHeight: nil)
        #expect(plain.description == "refused (geometry.aux.aspect-mismatch): m.pgm is 3×3")
        let matte = MapExportError.noDepthValues(index: 3, kind: "portraitEffectsMatte")
        #expect(matte.description == "aux image 3 (portraitEffectsMatte) holds no depth or disparity values; export its native or stored values")
        for e in [tooLarge.description, shown.description, matte.description] { #expect(!e.contains("--")) }
    }
}
