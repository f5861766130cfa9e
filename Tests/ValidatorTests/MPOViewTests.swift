import AuxData
import Container
import Testing
import TestSupport
import Validator
import DepthCheckCore

/// Stereo and multi-view MPO (CIPA DC-007): images 2..n with only an MP Attribute IFD are
/// valid; multi-frame images are aux images of kind `view` with their MP Attribute values.
@Suite struct MPOViewTests {
    @Test func secondViewIsAViewWithItsAttributes() throws {
        let bytes = MPOFixture.stereo()
        let photo = try PhotoReader.read(bytes)
        let view = try #require(photo.auxImages.first)
        #expect(photo.auxImages.count == 1 && view.kind == .view && view.index == 2)
        #expect(view.coded.width == 64 && view.coded.height == 48)
        let meta = Dictionary(uniqueKeysWithValues: view.metadata.map { ($0.0, $0.1) })
        #expect(meta["MPImageType"] == .text("Multi-frame Disparity (0x020002)"))
        #expect(meta["MPIndividualNum"] == .text("2") && meta["BaseViewpointNum"] == .text("1"))
        #expect(meta["ConvergenceAngle"] == .text("-0.1") && meta["BaselineLength"] == .text("0.077"))
        let attrs = try #require(photo.structure.jpeg?.images[1].image?.mpfIndexes.first?.attributes)
        #expect(attrs == MPF.Attributes(individualImageNumber: 2, baseViewpointNumber: 1, convergenceAngle: (-1, 10), baselineLength: (77, 1000)))
    }

    @Test func stereoMPOPassesWithoutFindings() throws {
        for fill in [0, 3] {
            let report = Validation.check(bytes: MPOFixture.stereo(fill: fill), path: "s.mpo", options: CheckOptions(pixels: true))
            #expect(report.findings.isEmpty, "fill \(fill): \(report.findings.map(TextReport.line))")
        }
    }

    /// An MP Index stub without NumberOfImages in the primary is still an error.
    @Test func primaryIndexStillNeedsNumberOfImages() throws {
        let bad = try #require(BadCorpus.all.first { $0.rule == .structureMPFVersion }).make()
        let f = Validation.check(bytes: bad, path: "b.jpg", options: CheckOptions()).findings
        #expect(f.contains { $0.rule.rawValue == "structure.mpf.version" && $0.severity == .error })
    }
}
