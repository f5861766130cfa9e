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
