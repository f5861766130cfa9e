import Testing
@testable import AuxData

/// DepthLUT of depth_representation_type 3 (ITU-T H.265 §I.13.2.3), worked out by hand from the
/// specification's derivation, and the uniform types 0–2.
@Suite struct DepthLUTTests {
    /// One deviation (num_minus1 = 0, two segments): knots (0,0), (127 − 20, 127 + 20), (255,255).
    /// x ≤ 107: Round(x·147 ÷ 107); x ≥ 107: Round((x − 107)·108 ÷ 148 + 147).
    @Test func oneDeviationBendsTheLineThroughTheMovedKnot() {
        let lut = ValueMapping.nonlinearLUT([20], maxValue: 255)
        #expect(lut.count == 256)
        #expect([0, 50, 106, 107, 108, 200, 255].map { lut[$0] } == [0, 69, 146, 147, 148, 215, 255])
        #expect(zip(lut, lut.dropFirst()).allSatisfy { $0 <= $1 })
    }

    /// A deviation past the first segment's end leaves that segment empty (x2 < 0): only the
    /// second one sets entries, clipped to 255, as Clip3 does.
    @Test func aSegmentBehindZeroSetsNothing() {
        let lut = ValueMapping.nonlinearLUT([200], maxValue: 255)
        // Second segment: x1 = −73, y1 = 327, x2 = y2 = 255: Round((x + 73)·(−72) ÷ 328 + 327).
        #expect(lut[0] == 255 && lut[200] == 255 && lut[255] == 255)
    }

    /// No deviation: DepthLUT is the identity.
    @Test func zeroDeviationsGiveTheIdentity() {
        #expect(ValueMapping.nonlinearLUT([0, 0, 0], maxValue: 255) == Array(0...255))
    }

    /// Types 0–2 on an 8-bit map.
    @Test func uniformTypes() throws {
        var r = DepthRepresentation(zNear: 0.5, zFar: 4, representationType: 0)
        let t0 = try #require(ValueMapping.seiMapping(r, bits: 8))
        #expect(t0.unit == .disparity && t0.values[0] == 0.25 && t0.values[255] == 2)
        r = DepthRepresentation(zNear: 0.5, zFar: 4, representationType: 2)
        let t2 = try #require(ValueMapping.seiMapping(r, bits: 8))
        #expect(t2.unit == .depth && t2.values[0] == 0.5 && t2.values[255] == 4)
        r = DepthRepresentation(dMin: 1, dMax: 3, representationType: 1)
        let t1 = try #require(ValueMapping.seiMapping(r, bits: 8))
        #expect(t1.unit == .disparity && t1.values[0] == 1 && t1.values[255] == 3)
    }
}
