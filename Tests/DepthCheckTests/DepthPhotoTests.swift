import AuxData
import DepthCheck
import Foundation
import Testing
import TestSupport
import Validator

/// The front door as an app uses it: read, look, decode, validate, embed, remove.
@Suite struct DepthPhotoTests {
    static let good = URL(fileURLWithPath: TestData.corpus + "/good/jpeg-disparity.jpg")

    @Test func readsTheAuxImagesAsPlainValues() throws {
        let photo = try DepthPhoto(contentsOf: Self.good)
        #expect(photo.container == .jpeg)
        #expect(photo.primary.width == 64 && photo.primary.height == 48 && photo.primary.orientation == 1)
        #expect(photo.auxImages.count == 1)
        let aux = try #require(photo.auxImages.first)
        #expect("\(aux.kind)" == "disparity")
        #expect(aux.width == 16 && aux.height == 12 && aux.index == 2 && aux.codec == .jpeg)
        #expect(aux.pixelFormat == .hdis)
        #expect(aux.description == "disparity 16×12 (index 2)")
    }

    @Test func theDepthMapIsConvertedFromDisparity() throws {
        let photo = try DepthPhoto(contentsOf: Self.good)
        let disparity = try #require(try photo.depthMap(as: .disparity))
        let depth = try #require(try photo.depthMap(as: .depth))
        #expect(disparity.width == 16 && disparity.height == 12 && disparity.values.count == 192)
        #expect(depth.kind == .depth && disparity.kind == .disparity)
        // FloatMinValue 0.5 … FloatMaxValue 2 (1/m): depth 0.5 … 2 m.
        #expect(abs((disparity.values.min() ?? 0) - 0.5) < 0.01 && abs((disparity.values.max() ?? 0) - 2) < 0.01)
        for (d, m) in zip(disparity.values, depth.values) { #expect(abs(d * m - 1) < 1e-5) }
        #expect(try photo.values(of: try #require(photo.auxImages.first)) == disparity.values)
    }

    @Test func validationGivesTheVerdictAndTheReports() throws {
        let photo = try DepthPhoto(contentsOf: Self.good)
        let report = photo.validate(pixels: true)
        #expect(report.verdict == .pass)
        #expect(report.findings.isEmpty)
        #expect(report.passedRules.contains(.matteRequiresDepth) == false)
        #expect(report.passedRules.contains(.structureMPFImagesOverlap))
        #expect(report.json().contains("\"verdict\": \"pass\""))
        #expect(report.sarif().contains("\"version\": \"2.1.0\""))
        #expect(report.junit().hasPrefix("<?xml"))
        #expect(report.text().hasPrefix("PASS "))
    }

    /// Android's layouts through the front door: Dynamic Depth gives a depth and a confidence
    /// map after the primary, GDepth a depth map in the XMP (index 0); both give the depths
    /// back within the 8-bit RangeInverse store.
    @Test(arguments: [DepthLayout.dynamicDepth, .gdepth])
    func embeddingInAndroidsLayouts(layout: DepthLayout) throws {
        let photo = try DepthPhoto(contentsOf: Self.good)
        let values = (0..<(16 * 12)).map { 0.5 + Float($0 % 16) / 4 }
        let data = try photo.embedding(DepthMap(width: 16, height: 12, values: values, kind: .depth), layout: layout, replacing: true)
        let again = try DepthPhoto(bytes: [UInt8](data))
        #expect(again.auxImages.map(\.kind) == (layout == .gdepth ? [.depth] : [.depth, .confidence]))
        #expect(again.auxImages.map(\.index) == (layout == .gdepth ? [0] : [2, 3]))
        #expect(again.validate(pixels: true).verdict == .pass)
        let back = try #require(try again.depthMap(as: .depth))
        // RangeInverse over 0.5…4.25 m: one step near 4.25 m is 4.25²·3.75/(0.5·4.25·255) ≈ 0.125 m.
        for (a, b) in zip(back.values, values) { #expect(abs(a - b) < 0.13) }
    }

    @Test func embeddingWritesAPhotoThatPassesAndRefusesAsTheCommandDoes() throws {
        let photo = try DepthPhoto(contentsOf: Self.good)
        let values = (0..<(16 * 12)).map { 0.5 + Float($0 % 16) / 16 }
        let map = DepthMap(width: 16, height: 12, values: values, kind: .depth)
        #expect(throws: DepthCheckError.invalidRequest(message: "\(Self.good.path) already has disparity; embed with replacing: true")) {
            try photo.embedding(map)
        }
        let data = try photo.embedding(map, replacing: true)
        let again = try DepthPhoto(bytes: [UInt8](data))
        #expect(again.auxImages.map(\.kind) == [.depth])
        #expect(again.validate(pixels: true).verdict == .pass)
        let back = try #require(try again.depthMap(as: .depth))
        for (a, b) in zip(back.values, values) { #expect(abs(a - b) < 0.02) }
        // The aspect ratio, values that are no distances: refused, naming the rule.
        let square = DepthMap(width: 12, height: 12, values: Array(repeating: 1, count: 144), kind: .depth)
        #expect(throws: DepthCheckError.aspectMismatch(rule: .geometryAuxAspectMismatch,
                                                       message: "the map is 12×12, the photo 64×48: the aspect ratios differ by more than one pixel (a 12-wide map of this photo is 9 high)",
                                                       displayWidth: nil, displayHeight: nil)) {
            try photo.embedding(square, replacing: true)
        }
        var bad = values
        bad[3] = .nan
        let refusal = #expect(throws: DepthCheckError.self, "a NaN was embedded") {
            try photo.embedding(DepthMap(width: 16, height: 12, values: bad, kind: .depth), replacing: true)
        }
        guard case .refused(let rule, _) = refusal else { Issue.record("not refused: \(String(describing: refusal))"); return }
        #expect(rule == .pixelsDepthValueInvalid)
        // Removing the disparity leaves a photo without aux images.
        let stripped = try DepthPhoto(bytes: [UInt8](try photo.removing(photo.auxImages)))
        #expect(stripped.auxImages.isEmpty)
    }

    @Test func aFileThatIsNoPhotoIsUnreadableNotATrap() throws {
        #expect(throws: DepthCheckError.unreadable(message: "neither a JPEG (FF D8) nor an ISOBMFF/HEIF file (ftyp at offset 4)", offset: 0, path: "")) {
            try DepthPhoto(bytes: Array("not a photo".utf8))
        }
        #expect(throws: DepthCheckError.self) { try DepthPhoto(contentsOf: URL(fileURLWithPath: "/nonexistent/x.jpg")) }
    }

    /// The iPhone X portrait photo: a 576×768 disparity of 0.65…2.51 1/m (0.398…1.536 m).
    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func theIPhoneXDisparityInMetres() throws {
        let photo = try DepthPhoto(contentsOf: URL(fileURLWithPath: TestData.real("apple-jpeg-disparity-iphonex.jpg")))
        #expect(photo.auxImages.map(\.description) == ["disparity 576×768 (index 2)"])
        let map = try #require(try photo.depthMap(as: .depth))
        #expect(map.width == 576 && map.height == 768)
        #expect(abs((map.values.min() ?? 0) - 0.398) < 0.001 && abs((map.values.max() ?? 0) - 1.536) < 0.001)
        #expect(photo.validate(pixels: true).verdict == .pass)
    }
}
