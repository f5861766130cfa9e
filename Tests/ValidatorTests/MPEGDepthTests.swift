import AuxData
import Container
import Testing
import TestSupport
import Validator
import DepthCheckCore

/// An MPEG depth auxiliary image (auxC `urn:mpeg:mpegB:cicp:systems:auxiliary:depth`) is depth
/// of its own standard: kind `depth`, its depth representation SEI read, decoded, and never
/// held to Apple's XMP.
@Suite struct MPEGDepthTests {
    static var photo: [UInt8] { GoodCorpus.all.first { $0.name == "heif-mpeg-depth.heic" }?.make() ?? [] }

    @Test func readAsDepthWithItsRepresentation() throws {
        let p = try PhotoReader.read(Self.photo)
        let depth = try #require(p.auxImages.first)
        #expect(p.auxImages.count == 1 && depth.index == 2 && depth.auxType == "urn:mpeg:mpegB:cicp:systems:auxiliary:depth")
        #expect(depth.kind == .disparity || depth.kind == .depth)
        #expect(depth.representation != nil && !depth.hasAppleDescription)
        let image = try AuxDecoder(photo: p, bytes: Self.photo).storedImage(depth)
        #expect(image.width == 16 && image.height == 12)
    }

    @Test func passesEveryRuleWithItsPixels() throws {
        let report = Validation.check(bytes: Self.photo, path: "m.heic", options: CheckOptions(pixels: true))
        #expect(report.findings.isEmpty, "\(report.findings.map(TextReport.line))")
        for id in ["dictionary.pixel-format.missing"] {
            #expect(report.outcomes.first { $0.rule.id.rawValue == id }?.outcome == .notApplicable, "\(id)")
        }
    }
}

/// An AV1 MPEG depth image: libavif's AV1 gain map item (400×300) relabelled as the depth
/// auxiliary of its AV1 base, decoded through libheif's AV1 decoder.
@Suite struct AV1MPEGDepthTests {
    @Test(.requires(.fieldFile("libavif-tmap-gainmap.avif")))
    func av1DepthDecodesThroughLibheif() throws {
        let source = try TestData.fieldBytes("libavif-tmap-gainmap.avif")
        let file = try HEIF.File(parsing: source)
        func box(_ id: UInt32, _ type: FourCC) throws -> [UInt8] {
            let p = try #require(file.properties(of: id).first { $0.type == type })
            return Array(source[p.range])
        }
        func data(_ id: UInt32) throws -> [UInt8] {
            try #require(file.dataRanges[id]).flatMap { Array(source[$0]) }
        }
        var h = CustomHEIF()
        h.items = [(1, "av01", 0, nil), (2, "av01", 1, nil)]
        h.refs = [("auxl", 2, [1])]
        h.properties = [try box(1, "av1C"), try box(1, "ispe"), try box(3, "av1C"), try box(3, "ispe"),
                        BMFFBuilder.fullBox("auxC") { b in b.cString("urn:mpeg:mpegB:cicp:systems:auxiliary:depth") }]
        h.ipma = [(1, [0x81, 0x02]), (2, [0x83, 0x04, 0x85])]
        let primary = try data(1), depth = try data(3)
        h.mdat = primary + depth
        h.locations = [(1, 0, 0, UInt32(primary.count)), (2, 0, UInt32(primary.count), UInt32(depth.count))]
        let bytes = h.build()
        let photo = try PhotoReader.read(bytes)
        let aux = try #require(photo.auxImages.first)
        #expect(aux.kind == .depth && aux.coded.codec == .av1 && aux.coded.width == 400 && aux.coded.height == 300)
        // A depth image decodes to one channel (the luma), whatever its coding holds.
        let image = try AuxDecoder(photo: photo, bytes: bytes).storedImage(aux)
        #expect(image.layout == StoredLayout(width: 400, height: 300, bitDepth: 8, codec: .av1))
        // Its luma: a weighted mean of red, green and blue, whose means are 134.1, 137.3 and
        // 141.3 (ColourGainMapTests), so the luma's mean lies between them.
        let mean = Double(image.samples.reduce(0) { $0 + Int($1) }) / 120_000
        #expect(mean > 134 && mean < 141.4, "\(mean)")
        let report = Validation.check(bytes: bytes, path: "d.avif", options: CheckOptions(pixels: true))
        #expect(!report.findings.contains { $0.rule.rawValue.hasPrefix("dictionary.") || $0.rule.rawValue == "pixels.aux.undecodable" },
                "\(report.findings.map(TextReport.line))")
    }
}
