import Testing
@testable import AuxData
import Container

/// The map formats `embed` reads: exact values, and bounded failures on short or hostile input.
struct MapFileTests {
    @Test func sixteenBitPGMIsNormalised() throws {
        let bytes = Array("P5\n# a comment\n2 1\n65535\n".utf8) + [0xFF, 0xFF, 0x00, 0x00]
        let m = try MapFile(parsing: bytes)
        #expect(m.width == 2 && m.height == 1 && m.values == [1, 0] && m.isNormalisedGray)
    }

    @Test func littleEndianPFMRowsAreFlippedToTopFirst() throws {
        var bytes = Array("Pf\n1 2\n-1.0\n".utf8)
        for v: Float in [2.5, 0.75] { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 } }
        let m = try MapFile(parsing: bytes)
        #expect(m.values == [0.75, 2.5] && !m.isNormalisedGray)
    }

    @Test func npyFloat32IsReadInCOrder() throws {
        var header = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"
        while (10 + header.utf8.count + 1) % 64 != 0 { header += " " }
        header += "\n"
        var bytes: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(header.utf8.count & 0xFF), UInt8(header.utf8.count >> 8)]
        bytes += Array(header.utf8)
        for v: Float in [1, 2, 3, 4, 5, 6.5] { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 } }
        let m = try MapFile(parsing: bytes)
        #expect(m.width == 3 && m.height == 2 && m.values == [1, 2, 3, 4, 5, 6.5])
    }

    @Test func npyFloat64IsRoundedToTheNearestFloat32() throws {
        var header = "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 3), }"
        while (10 + header.utf8.count + 1) % 64 != 0 { header += " " }
        header += "\n"
        var bytes: [UInt8] = [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(header.utf8.count & 0xFF), UInt8(header.utf8.count >> 8)]
        bytes += Array(header.utf8)
        for v: Double in [0.1, 1.0 / 3, 1e300] { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 } }
        let m = try MapFile(parsing: bytes)
        // 0.1 → 0x3DCCCCCD, 1/3 → 0x3EAAAAAB (round to nearest), 1e300 is above Float32's range.
        #expect(m.values.map(\.bitPattern) == [0x3DCC_CCCD, 0x3EAA_AAAB, Float.infinity.bitPattern])
        #expect(MemoryLayout<Float>.stride * m.values.count == 12, "4 bytes a pixel")
    }

    /// A uint8 or uint16 array is gray levels, as an 8- or 16-bit PNG is: 0…1 over its range,
    /// so a 0…255 matte embeds as a matte; wider integers stay the numbers they are.
    @Test func npyUnsignedSamplesAreGrayLevels() throws {
        func npy(_ descr: String, _ data: [UInt8]) -> [UInt8] {
            var header = "{'descr': '\(descr)', 'fortran_order': False, 'shape': (1, 3), }"
            while (10 + header.utf8.count + 1) % 64 != 0 { header += " " }
            header += "\n"
            return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(header.utf8.count & 0xFF), UInt8(header.utf8.count >> 8)] + Array(header.utf8) + data
        }
        let u8 = try MapFile(parsing: npy("|u1", [0, 51, 255]))
        #expect(u8.values == [0, 0.2, 1] && u8.isNormalisedGray)
        let u16 = try MapFile(parsing: npy("<u2", [0, 0, 0xFF, 0xFF, 0x01, 0x00]))
        #expect(u16.values == [0, 1, Float(1) / 65535] && u16.isNormalisedGray)
        let u32 = try MapFile(parsing: npy("<u4", [7, 0, 0, 0, 0, 1, 0, 0, 9, 0, 0, 0]))
        #expect(u32.values == [7, 256, 9] && !u32.isNormalisedGray)
    }

    @Test func truncatedAndHugeMapsAreRefusedBeforeAllocating() {
        #expect(throws: ParseError(.truncated, at: 14, path: "map")) { try MapFile(parsing: Array("P5 4 4 255\n".utf8) + [1, 2, 3]) }
        #expect(throws: ParseError(.limitExceeded, at: 2, path: "map")) { try MapFile(parsing: Array("P5 99999 99999 255\n".utf8)) }
        #expect(throws: ParseError(.mapUnknownFormat, at: 0, path: "map")) { try MapFile(parsing: [0x89, 0x50, 0x4E, 0x47]) }
    }

    @Test func quantisedMapSpansItsOwnRange() throws {
        let map = try #require(AuxMap.quantising([0.5, 1, 2], width: 3, height: 1, kind: .disparity, format: PixelFormat.hdis))
        #expect(map.floatMin == 0.5 && map.floatMax == 2)
        #expect(map.samples == [0, 85, 255], "(1 − 0.5) / 1.5 · 255 = 85")
    }
}
