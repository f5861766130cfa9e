/// Appends big- or little-endian fields to a growing byte array; the inverse of `ByteReader`.
/// Writers compose structures from values depthcheck built itself; `patchU32` fills in a size
/// reserved before the structure's content was known. A count or identifier that a field may
/// be too narrow for is written with `fitting:`, which remembers the first field it did not
/// fit (`overflow`); whoever finishes the structure refuses it then (`WriteError.fieldOverflow`),
/// so no writer emits a value cut to its field's width.
package struct ByteWriter: Sendable {
    package private(set) var bytes: [UInt8] = []
    /// The first field a value written with `fitting:` did not fit, by its name in the
    /// structure's specification (`ipma entry_count`, made only then); nil when every value fitted.
    package private(set) var overflow: String?
    package init() {}
    package var count: Int { bytes.count }

    /// `value` as an unsigned 8-bit field named `field`; a value outside 0...255 is noted in
    /// `overflow` and written as 0.
    package mutating func u8(fitting value: some BinaryInteger, _ field: @autoclosure () -> String) {
        u8(fit(UInt8.self, value, field))
    }
    /// `value` as an unsigned 16-bit field, big-endian; see `u8(fitting:_:)`.
    package mutating func u16(fitting value: some BinaryInteger, _ field: @autoclosure () -> String) {
        u16(fit(UInt16.self, value, field))
    }
    /// `value` as an unsigned 32-bit field, big-endian; see `u8(fitting:_:)`.
    package mutating func u32(fitting value: some BinaryInteger, _ field: @autoclosure () -> String) {
        u32(fit(UInt32.self, value, field))
    }

    /// `value` when it fits an unsigned field of `bits` bits (at most 16) named `field`, for a
    /// caller that packs it with other bits; else 0, noted in `overflow`.
    package mutating func bits(_ value: Int, _ bits: Int, _ field: @autoclosure () -> String) -> UInt16 {
        if value >= 0, value < 1 << min(bits, 16) { return UInt16(value) }
        if overflow == nil { overflow = field() }
        return 0
    }

    private mutating func fit<T: FixedWidthInteger>(_: T.Type, _ value: some BinaryInteger, _ field: () -> String) -> T {
        if let v = T(exactly: value) { return v }
        if overflow == nil { overflow = field() }
        return 0
    }

    /// The bytes of a finished structure; refused when a value did not fit its field.
    package func finished(path: String) throws(WriteError) -> [UInt8] {
        if let overflow { throw WriteError(.fieldOverflow, at: 0, path: path, "\(overflow) does not fit its field") }
        return bytes
    }

    /// Appends what `inner` wrote, and the first field it could not fit.
    package mutating func append(_ inner: ByteWriter) {
        bytes += inner.bytes
        if overflow == nil { overflow = inner.overflow }
    }

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
}
