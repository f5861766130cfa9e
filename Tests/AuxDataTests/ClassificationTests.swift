import Testing
import Container
@testable import AuxData

@Suite struct ClassificationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var urn: String?
        var type: String?
        var subType: String?
        var native: PixelFormat?
        var seiType: UInt32?
        var gDepth = false
        var kind: AuxImageKind
        var semantic: SemanticMatte?
        var testDescription: String {
            "\(urn ?? "-") \(type ?? "-") \(subType ?? "-") \(native.map { $0.description } ?? "-") \(seiType.map { "\($0)" } ?? "-")"
        }
    }

    static let cases: [Case] = [
        // HEIF auxC URNs alone.
        Case(urn: "urn:com:apple:photo:2018:aux:portraiteffectsmatte", kind: .portraitEffectsMatte),
        Case(urn: "urn:com:apple:photo:2019:aux:semanticskinmatte", kind: .semanticMatte, semantic: .skin),
        Case(urn: "urn:com:apple:photo:2019:aux:semantichairmatte", kind: .semanticMatte, semantic: .hair),
        Case(urn: "urn:com:apple:photo:2019:aux:semanticteethmatte", kind: .semanticMatte, semantic: .teeth),
        Case(urn: "urn:com:apple:photo:2020:aux:semanticglassesmatte", kind: .semanticMatte, semantic: .glasses),
        Case(urn: "urn:com:apple:photo:2020:aux:semanticskymatte", kind: .semanticMatte, semantic: .sky),
        Case(urn: "urn:com:apple:photo:2020:aux:hdrgainmap", kind: .hdrGainMap),
        Case(urn: "urn:com:samsung:photo:2024:aux:hdrgainmap", kind: .hdrGainMap),
        Case(urn: "urn:mpeg:hevc:2015:auxid:1", kind: .alpha),
        Case(urn: "urn:mpeg:avc:2015:auxid:1", kind: .alpha),
        Case(urn: "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha", kind: .alpha),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", kind: .depth),
        Case(urn: "urn:mpeg:mpegB:cicp:systems:auxiliary:depth", kind: .depth),
        Case(urn: "tag:apple.com,2023:photo:aux:styledeltamap", kind: .unknown),
        Case(urn: "urn:example:whatever", kind: .unknown),
        Case(kind: .unknown),
        // Depth URN refined by the pixel format, the apdi type text, then the SEI.
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", native: PixelFormat.hdis, kind: .disparity),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", native: PixelFormat.fdis, kind: .disparity),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", native: PixelFormat.hdep, kind: .depth),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", native: PixelFormat.fdep, kind: .depth),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", type: "disparity", native: PixelFormat.hdep, kind: .depth),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", type: "disparity", kind: .disparity),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", type: "disparity", seiType: 0, kind: .disparity),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", seiType: 0, kind: .depth),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", seiType: 1, kind: .disparity),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", seiType: 2, kind: .depth),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", seiType: 3, kind: .disparity),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", seiType: 9, kind: .depth),
        Case(urn: "urn:mpeg:hevc:2015:auxid:2", native: PixelFormat.L008, seiType: 1, kind: .disparity),
        // The HEIF matte's own XMP says depth in some writers; the URN wins.
        Case(urn: "urn:com:apple:photo:2018:aux:portraiteffectsmatte", type: "depth", native: PixelFormat.L008,
             kind: .portraitEffectsMatte),
        // JPEG apdi alone.
        Case(type: "disparity", native: PixelFormat.hdis, kind: .disparity),
        Case(type: "depth", native: PixelFormat.hdep, kind: .depth),
        Case(type: "depth", kind: .depth),
        Case(type: "disparity", kind: .disparity),
        Case(type: "depth", native: PixelFormat.hdis, kind: .disparity),
        Case(type: "depth", subType: "portraiteffectsmatte", native: PixelFormat.L008, kind: .portraitEffectsMatte),
        Case(type: "depth", subType: "portraiteffectsmatte", native: PixelFormat.hdis, kind: .portraitEffectsMatte),
        Case(type: "urn:com:apple:photo:2018:aux:portraiteffectsmatte", kind: .portraitEffectsMatte),
        Case(type: "urn:com:apple:photo:2019:aux:semanticskinmatte", kind: .semanticMatte, semantic: .skin),
        Case(type: "urn:com:apple:photo:2020:aux:semanticskymatte", kind: .semanticMatte, semantic: .sky),
        Case(type: "depth", subType: "semantichairmatte", kind: .semanticMatte, semantic: .hair),
        Case(type: "depth", subType: "semanticteethmatte", kind: .semanticMatte, semantic: .teeth),
        Case(type: "depth", subType: "semanticglassesmatte", kind: .semanticMatte, semantic: .glasses),
        Case(type: "urn:com:apple:photo:2020:aux:hdrgainmap", native: PixelFormat.L008, kind: .hdrGainMap),
        Case(type: "something", kind: .unknown),
        // GDepth.
        Case(gDepth: true, kind: .depth),
    ]

    static func gDepth() throws -> GDepthDescription? {
        let text = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description xmlns:GDepth="http://ns.google.com/photos/1.0/depthmap/" GDepth:Format="RangeInverse"/></rdf:RDF></x:xmpmeta>
        """
        return GDepthDescription(try XMPDocument(parsing: Array(text.utf8), at: 0, path: ""))
    }

    @Test(arguments: cases) func classifies(_ c: Case) throws {
        var apple: AppleAuxDescription?
        if c.type != nil || c.subType != nil || c.native != nil {
            apple = AppleAuxDescription(nativeFormat: c.native, auxiliaryImageType: c.type, auxiliaryImageSubType: c.subType)
        }
        let sei = c.seiType.map { DepthRepresentationInfo(representationTypeRaw: $0) }
        let g = c.gDepth ? try Self.gDepth() : nil
        #expect(c.gDepth == (g != nil))
        let r = AuxClassifier.classify(auxType: c.urn, apple: apple, gDepth: g, sei: sei)
        #expect(r.kind == c.kind)
        #expect(r.semantic == c.semantic)
    }
}
