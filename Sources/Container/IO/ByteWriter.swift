/// Appends big- or little-endian fields to a growing byte array; the inverse of `ByteReader`.
/// Writers compose structures from values depthcheck built itself, so sizes here are trusted;
/// `patchU32` fills in a size reserved before the structure's content was known.
package struct ByteWriter: Sendable {
    package private(set) var bytes: [UInt8] = []
    package init() {}
    package var count: Int { bytes.count }

    package mutating func u8(_ v: UInt8) { bytes.append(v) }
    package mutating func u16(_ v: UInt16, _ e: Endian = .big) {
        if e == .big { bytes += [UInt8(v >> 8), UInt8(v & 0xFF)] } else { bytes += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    }
    package mutating func u24(_ v: UInt32) {
        bytes += [UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    package mutating func u32(_ v: UInt32, _ e: Endian = .big) {
        let b = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        bytes += e == .big ? b : b.reversed()
    }
    package mutating func u64(_ v: UInt64) {
        u32(UInt32(v >> 32)); u32(UInt32(v & 0xFFFF_FFFF))
    }
    package mutating func fourCC(_ c: FourCC) { bytes += c.bytes }
    package mutating func append<C: Collection>(_ b: C) where C.Element == UInt8 { bytes += b }
    package mutating func cString(_ s: String) { bytes += Array(s.utf8); bytes.append(0) }
    package mutating func ascii(_ s: String) { bytes += Array(s.utf8) }

    /// Overwrites four bytes at `offset` (which the writer itself produced).
    package mutating func patchU32(at offset: Int, _ v: UInt32, _ e: Endian = .big) {
        guard offset >= 0, offset + 4 <= bytes.count else { return }
        let b = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        let o = e == .big ? b : b.reversed()
        for i in 0..<4 { bytes[offset + i] = o[i] }
    }
    package mutating func patchU16(at offset: Int, _ v: UInt16, _ e: Endian = .big) {
        guard offset >= 0, offset + 2 <= bytes.count else { return }
        let o: [UInt8] = e == .big ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
        bytes[offset] = o[0]; bytes[offset + 1] = o[1]
    }
}
