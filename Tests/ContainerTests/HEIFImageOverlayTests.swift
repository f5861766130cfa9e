import Testing
import Container

/// The `iovl` descriptor (ISO/IEC 23008-12 §6.6.2.2.2): its fields read exactly, its length
/// fixed by its flags and the number of inputs.
@Suite struct HEIFImageOverlayTests {
    static func parse(_ bytes: [UInt8], inputs: Int) throws(ParseError) -> HEIF.ImageOverlay {
        var r = try ByteReader(bytes, range: 0..<bytes.count, path: "iovl")
        return try HEIF.ImageOverlay(parsing: &r, inputs: inputs)
    }

    @Test func sixteenBitFieldsForTwoInputs() throws {
        let bytes: [UInt8] = [0, 0, 0, 1, 0, 2, 0, 3, 0xFF, 0xFF, 0, 64, 0, 48, 0, 0, 0, 0, 0xFF, 0xF0, 0, 16]
        let o = try Self.parse(bytes, inputs: 2)
        #expect((o.version, o.flags, o.canvasFill, o.outputWidth, o.outputHeight) == (0, 0, [1, 2, 3, 0xFFFF], 64, 48))
        #expect(o.offsets.map(\.x) == [0, -16] && o.offsets.map(\.y) == [0, 16])
    }

    @Test func thirtyTwoBitFields() throws {
        let bytes: [UInt8] = [0, 1] + [UInt8](repeating: 0, count: 8) + [0, 1, 0, 0, 0, 0, 0x80, 0] + [0xFF, 0xFF, 0xFF, 0xFE, 0, 0, 0, 2]
        let o = try Self.parse(bytes, inputs: 1)
        #expect((o.outputWidth, o.outputHeight) == (65536, 32768))
        #expect(o.offsets.map(\.x) == [-2] && o.offsets.map(\.y) == [2])
    }

    @Test func aDescriptorOfAnotherLengthOrVersionIsRefused() {
        let noOffsets: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 64, 0, 48]
        #expect(throws: ParseError(.overlayInvalid, at: 0, path: "iovl")) { try Self.parse(noOffsets, inputs: 1) }
        #expect((try? Self.parse(noOffsets, inputs: 0))?.outputWidth == 64)
        #expect(throws: ParseError(.unsupportedVersion, at: 0, path: "iovl")) { try Self.parse([1] + noOffsets.dropFirst(), inputs: 0) }
    }
}

/// `pasp` (ISO/IEC 14496-12 §12.1.4) read and written back byte for byte.
@Suite struct HEIFPixelAspectRatioTests {
    @Test func readsAndWritesBack() throws {
        let box: [UInt8] = [0, 0, 0, 16, 0x70, 0x61, 0x73, 0x70, 0, 0, 0, 4, 0, 0, 0, 3]
        var r = try ByteReader(box, range: 8..<16, path: "pasp")
        let p = try HEIF.PixelAspectRatio(parsing: &r)
        #expect((p.hSpacing, p.vSpacing, p.isSquare) == (4, 3, false))
        var w = ByteWriter()
        p.write(to: &w)
        #expect(w.bytes == box)
        #expect(HEIF.PixelAspectRatio(hSpacing: 1, vSpacing: 1).isSquare && !HEIF.PixelAspectRatio(hSpacing: 0, vSpacing: 0).isSquare)
    }
}
