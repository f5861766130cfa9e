import Container

/// Writes ISOBMFF boxes field by field in spec order, with sizes filled in afterwards.
package struct BMFFBuilder: Sendable {
    package private(set) var writer = ByteWriter()
    package init() {}

    package var bytes: [UInt8] { writer.bytes }
    package var count: Int { writer.count }

    package mutating func u8(_ v: UInt8) { writer.u8(v) }
    package mutating func u16(_ v: UInt16) { writer.u16(v) }
    package mutating func u24(_ v: UInt32) { writer.u24(v) }
    package mutating func u32(_ v: UInt32) { writer.u32(v) }
    package mutating func u64(_ v: UInt64) { writer.u64(v) }
    package mutating func fourCC(_ c: FourCC) { writer.fourCC(c) }
    package mutating func cString(_ s: String) { writer.cString(s) }
    package mutating func ascii(_ s: String) { writer.ascii(s) }
    package mutating func bytes<C: Collection>(_ b: C) where C.Element == UInt8 { writer.append(b) }

    /// A box: size, type, optional uuid usertype, then `body`; the size follows `size`.
    package mutating func box(_ type: FourCC, size: BoxSize = .auto, userType: [UInt8]? = nil,
                             _ body: (inout BMFFBuilder) -> Void = { _ in }) {
        let start = writer.count
        switch size {
        case .auto: writer.u32(0)
        case .unchecked(let v): writer.u32(v)
        case .large, .uncheckedLarge: writer.u32(1)
        case .toEnd: writer.u32(0)
        }
        writer.fourCC(type)
        switch size {
        case .large: writer.u64(0)
        case .uncheckedLarge(let v): writer.u64(v)
        default: break
        }
        if let u = userType { writer.append(u) }
        body(&self)
        let total = writer.count - start
        switch size {
        case .auto: writer.patchU32(at: start, UInt32(total))
        case .large:
            writer.patchU32(at: start + 8, UInt32(UInt64(total) >> 32))
            writer.patchU32(at: start + 12, UInt32(UInt64(total) & 0xFFFF_FFFF))
        default: break
        }
    }

    /// A FullBox: `box` with version and flags first.
    package mutating func fullBox(_ type: FourCC, version: UInt8 = 0, flags: UInt32 = 0, size: BoxSize = .auto,
                                 _ body: (inout BMFFBuilder) -> Void = { _ in }) {
        box(type, size: size) { b in
            b.u8(version)
            b.u24(flags)
            body(&b)
        }
    }

    /// One box as bytes.
    package static func box(_ type: FourCC, size: BoxSize = .auto, _ body: (inout BMFFBuilder) -> Void = { _ in }) -> [UInt8] {
        var b = BMFFBuilder()
        b.box(type, size: size, body)
        return b.bytes
    }

    package static func fullBox(_ type: FourCC, version: UInt8 = 0, flags: UInt32 = 0, size: BoxSize = .auto,
                               _ body: (inout BMFFBuilder) -> Void = { _ in }) -> [UInt8] {
        var b = BMFFBuilder()
        b.fullBox(type, version: version, flags: flags, size: size, body)
        return b.bytes
    }
}
