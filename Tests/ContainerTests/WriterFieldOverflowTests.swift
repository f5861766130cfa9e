import Testing
import Container

/// A writer never cuts a value to its field's width: a value that does not fit is noted by
/// `ByteWriter`, carried out of every box around it, and the finished structure is refused
/// (`WriteError.fieldOverflow`).
@Suite struct WriterFieldOverflowTests {
    typealias IPMA = HEIF.ItemPropertyAssociation

    /// Which field a case writes.
    enum Width: Sendable { case u8, u16, u32, bits7, bits15 }

    @Test(arguments: [
        (Width.u8, 256, "u8"), (.u16, 0x1_0000, "u16"), (.u32, 0x1_0000_0000, "u32"), (.u8, -1, "negative"),
        (.bits7, 0x80, "7 bits"), (.bits15, 0x8000, "15 bits"),
    ] as [(Width, Int, String)])
    func aValueWiderThanItsFieldIsRefused(_ width: Width, _ value: Int, _ field: String) {
        var w = ByteWriter()
        BMFF.BoxWriter.box("meta", to: &w) { w in
            BMFF.BoxWriter.box("ipma", to: &w) { w in
                w.u8(fitting: 1, "fits")
                switch width {
                case .u8: w.u8(fitting: value, field)
                case .u16: w.u16(fitting: value, field)
                case .u32: w.u32(fitting: value, field)
                case .bits7: w.u8(UInt8(w.bits(value, 7, field)))
                case .bits15: w.u16(w.bits(value, 15, field))
                }
                w.u8(fitting: 300, "a later field")
            }
        }
        #expect(w.overflow == field)
        #expect(throws: WriteError(.fieldOverflow, at: 0, path: "meta", "\(field) does not fit its field")) {
            try w.finished(path: "meta")
        }
    }

    @Test(arguments: [(Width.u8, 255, [0xFF]), (.u16, 0xFFFF, [0xFF, 0xFF]), (.u32, 0xFFFF_FFFF, [0xFF, 0xFF, 0xFF, 0xFF]),
                      (.bits7, 0x7F, [0x7F]), (.bits15, 0x7FFF, [0x7F, 0xFF])] as [(Width, Int, [UInt8])])
    func aValueThatFitsIsWrittenAsItIs(_ width: Width, _ value: Int, _ bytes: [UInt8]) throws {
        var w = ByteWriter()
        switch width {
        case .u8: w.u8(fitting: value, "f")
        case .u16: w.u16(fitting: value, "f")
        case .u32: w.u32(fitting: value, "f")
        case .bits7: w.u8(UInt8(w.bits(value, 7, "f")))
        case .bits15: w.u16(w.bits(value, 15, "f"))
        }
        #expect(try w.finished(path: "f") == bytes)
    }

    /// The version and flags a writer chooses make every value fit (ISO/IEC 23008-12 §9.3.3).
    @Test func aMadeIPMAWidensItsFieldsToItsValues() throws {
        let association = IPMA.Association(essential: true, propertyIndex: 0x100, offset: 0)
        let ipma = IPMA(entries: [IPMA.Entry(itemID: 0x1_0000, associations: [association], offset: 0)])
        var w = ByteWriter()
        ipma.write(to: &w)
        #expect(ipma.fullBox.version == 1 && ipma.fullBox.flags == 1)
        #expect(try w.finished(path: "ipma") == [0, 0, 0, 23, 0x69, 0x70, 0x6D, 0x61, 1, 0, 0, 1, 0, 0, 0, 1,
                                                  0, 1, 0, 0, 1, 0x81, 0x00])
    }
}
