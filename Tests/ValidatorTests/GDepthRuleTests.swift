import Foundation
import Testing
import AuxData
import TestSupport
import Validator

/// GDepth Units/MeasureType and the confidence map's size, on Lens Blur style photos built
/// here: a 64×48 primary whose XMP carries a 16×12 JPEG depth map.
@Suite struct GDepthRuleTests {
    static let depthJPEG = JPEGFixture.soi + JPEGFixture.gray16x12Body

    static func photo(_ extra: [(String, String)]) -> [UInt8] {
        let fields = [("GDepth:Format", "RangeInverse"), ("GDepth:Near", "0.5"), ("GDepth:Far", "4.0"),
                      ("GDepth:Mime", "image/jpeg"), ("GDepth:Data", Data(depthJPEG).base64EncodedString())] + extra
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:GDepth="http://ns.google.com/photos/1.0/depthmap/" \
            \(fields.map { "\($0.0)=\"\($0.1)\"" }.joined(separator: " "))/></rdf:RDF></x:xmpmeta>
            """
        return JPEGFixture.image([JPEGFixture.exif(orientation: 1), JPEGFixture.xmp(packet)], body: JPEGFixture.color64x48Body)
    }

    static func outcome(_ rule: String, _ bytes: [UInt8]) -> RuleOutcome? {
        Validation.check(bytes: bytes, path: "g.jpg", options: CheckOptions()).outcomes.first { $0.rule.id.rawValue == rule }?.outcome
    }

    /// Offset and path of the GDepth aux image in `photo(_:)` files.
    static let at = (71, "APP1#2/XMP/GDepth:Data")

    @Test func knownUnitsAndMeasureTypesPass() {
        #expect(Self.outcome("google.gdepth.measure-unknown", Self.photo([("GDepth:Units", "mm"), ("GDepth:MeasureType", "OpticRay")])) == .passed)
        #expect(Self.outcome("google.gdepth.measure-unknown", Self.photo([])) == .notApplicable)
    }

    @Test func unknownUnitsAndMeasureTypesAreReported() {
        let bytes = Self.photo([("GDepth:Units", "cm"), ("GDepth:MeasureType", "Radial")])
        HEIFStructureRuleTests.expect(HEIFStructureRuleTests.findings("google.gdepth.measure-unknown", bytes), [
            (Self.at.0, Self.at.1, "GDepth:Units is 'cm'"), (Self.at.0, Self.at.1, "GDepth:MeasureType is 'Radial'"),
        ])
    }

    @Test func aConfidenceMapOfTheDepthMapsSizePasses() {
        let bytes = Self.photo([("GDepth:ConfidenceMime", "image/jpeg"), ("GDepth:Confidence", Data(Self.depthJPEG).base64EncodedString())])
        #expect(Self.outcome("google.gdepth.confidence-size", bytes) == .passed)
    }

    @Test func aConfidenceMapOfAnotherSizeIsReported() throws {
        let bytes = try #require(BadCorpus.all.first { $0.rule == .googleGDepthConfidenceSize }).make()
        let f = HEIFStructureRuleTests.findings("google.gdepth.confidence-size", bytes)
        #expect(f.map(\.message) == ["confidence map is 12×16, depth map 16×12"])
        #expect(f.map(\.path) == ["APP1#2/XMP/GDepth:Data"])
    }
}
