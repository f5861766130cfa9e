import Container
import Testing
import TestSupport
@testable import AuxData

/// Properties of the value conversions, the orientations and the PNG bridge.
@Suite struct ValuePropertyTests {
    @Test func float32ToFloat16AndBackIsWithinHalfPrecision() {
        var g = SeededGenerator(seed: 12)
        print("seed 12")
        for _ in 0..<10_000 {
            let f = Float.random(in: 0.0001...60000, using: &g)
            let back = Float(Float16(f))
            // Float16 keeps 11 significant bits: a relative error of at most 2^-11.
            #expect(abs(back - f) <= f * 0x1p-11)
        }
    }

    @Test func depthToDisparityToDepthIsTheIdentity() {
        for d in [0.25, 1.0, 1.498046875, 3.5, 390.539306640625] {
            let disparity = ValueUnit.convert(d, from: .depth, to: .disparity)
            #expect(disparity == 1 / d)
            #expect(abs(ValueUnit.convert(disparity, from: .disparity, to: .depth) - d) <= 1e-15 * d)
        }
        #expect(ValueUnit.convert(0, from: .disparity, to: .depth) == .infinity)
        #expect(ValueUnit.convert(.infinity, from: .depth, to: .disparity) == 0)
        #expect(ValueUnit.convert(.nan, from: .depth, to: .disparity).isNaN)
        #expect(ValueUnit.convert(0.5, from: .normalized, to: .depth) == 0.5)
    }

    @Test(arguments: 1...8)
    func anOrientationComposedWithItsInverseIsTheIdentity(exif: Int) throws {
        let o = try #require(MapOrientation(exif: exif))
        let samples = Array(0..<12)   // 4 × 3
        let turned = o.apply(samples, width: 4, height: 3)
        #expect((turned.width, turned.height) == (o.swapsAxes ? (3, 4) : (4, 3)))
        let back = o.inverse.apply(turned.samples, width: turned.width, height: turned.height)
        #expect(back.samples == samples && back.width == 4 && back.height == 3)
    }

    /// Exif's eight orientations of a 3 × 2 map [a b c / d e f], as displayed.
    @Test func theEightOrientationsShowTheMapAsExifDescribes() throws {
        let m = Array("abcdef")
        let expected: [Int: (String, Int)] = [
            1: ("abcdef", 3), 2: ("cbafed", 3), 3: ("fedcba", 3), 4: ("defabc", 3),
            5: ("adbecf", 2), 6: ("daebfc", 2), 7: ("fcebda", 2), 8: ("cfbead", 2),
        ]
        for (exif, (shown, width)) in expected {
            let r = try #require(MapOrientation(exif: exif)).apply(m, width: 3, height: 2)
            #expect(String(r.samples) == shown, "orientation \(exif)")
            #expect(r.width == width)
        }
    }

    @Test func heifIrotAndImirBecomeExifSteps() throws {
        let t = ImageTransforms(rotation: 270, mirrorAxis: 0)
        let aux = ParsedAuxImage(index: 2, kind: .depth, auxType: nil,
                           coded: CodedImage(location: AuxData.SourceLocation(offset: 0, path: ""), codec: .hevc),
                           parts: [], geometry: AuxGeometry(transforms: t, masters: [1]))
        let file = try HEIF.File(parsing: HEIFFixture.corpusDisparity.build())
        let photo = ParsedPhoto(structure: .heif(file), primary: ParsedPrimaryImage(width: 4, height: 3, orientation: nil, codec: .hevc,
                               location: AuxData.SourceLocation(offset: 0, path: "")))
        #expect(MapOrientation.steps(for: aux, in: photo).map(\.exif) == [6, 2])
    }

    @Test(arguments: [8, 16])
    func pngEncodeThenDecodeGivesTheSamplesBack(bits: Int) throws {
        let w = 37, h = 5
        let samples: [UInt16] = (0..<(w * h)).map { UInt16(($0 * 7919) % (bits == 8 ? 256 : 65536)) }
        var png: [UInt8] = []
        let e = try PNGBridge.Encoder(width: w, height: h, bitDepth: bits, text: [("Kind", "depth"), ("Units", "m")]) {
            png += $0
            return true
        }
        if bits == 8 {
            try samples.map { UInt8($0) }.withUnsafeBufferPointer { p throws(PNGBridge.EncodeError) in try e.write(rows: p) }
        } else {
            try samples.withUnsafeBufferPointer { p throws(PNGBridge.EncodeError) in try e.write(rows: p) }
        }
        try e.finish()
        let back = try PNGBridge.decodeGray(png)
        #expect(back.layout == StoredLayout(width: w, height: h, bitDepth: bits, codec: .png))
        #expect(back.samples == samples)
        // The tEXt chunks (ISO/IEC 15948 §11.3.4.3) are there, keyword NUL text.
        #expect(ByteSearch.offsets(of: Array("Kind\0depth".utf8), in: png).count == 1)
    }

    @Test func aTruncatedPNGIsUndecodable() throws {
        var png: [UInt8] = []
        let e = try PNGBridge.Encoder(width: 64, height: 64, bitDepth: 8) { png += $0; return true }
        let rows = [UInt8](repeating: 9, count: 64 * 64)
        try rows.withUnsafeBufferPointer { p throws(PNGBridge.EncodeError) in try e.write(rows: p) }
        try e.finish()
        do {
            _ = try PNGBridge.decodeGray(Array(png.prefix(png.count - 30)))
            Issue.record("a truncated PNG decoded")
        } catch {
            #expect(error.code == .undecodable)
        }
    }
}
