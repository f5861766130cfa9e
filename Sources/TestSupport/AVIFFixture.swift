/// A real AVIF: what `heif-enc` 1.15 writes with libaom 3.6 (`-e aom -q 30`) from a 64×48
/// RGBA PNG, 546 bytes. Item 1 is the 4:2:0 8-bit colour primary, item 2 its monochrome,
/// full-range alpha (`auxl`); each is a temporal delimiter, a reduced still-picture Sequence
/// Header OBU and one frame OBU. The offsets below are where the known-bad files change it.
package enum AVIFFixture {
    package static let heifEncAlpha: [UInt8] = HEIFFixture.hex([
        "0000001c667479706176696600000000617669666d6966316d696166000001986d657461000000000000002168646c720000000000000000",
        "70696374000000000000000000000000000000000e7069746d00000000000100000034696c6f63000000004440000200020000000001bc00",
        "01000000000000002200010000000001de000100000000000000440000003869696e6600000000000200000015696e666502000000000100",
        "00617630310000000015696e666502000000000200006176303100000000d769707270000000b16970636f00000013636f6c726e636c7800",
        "0200020006800000000c6176314381001c0000000014697370650000000000000040000000300000000e7069786900000000010800000038",
        "617578430000000075726e3a6d7065673a6d706567423a636963703a73797374656d733a617578696c696172793a616c706861000000000c",
        "6176314381000c000000001469737065000000000000004000000030000000107069786900000000030808080000001e69706d6100000000",
        "0000000200010481860788000204820384850000001a69726566000000000000000e6175786c0002000100010000006e6d64617412000a06",
        "18157fbd8540321646c01a6850b4fae9f4173c042b063f84b4cd644b5fd012000a0918157fbd8204040d0832351b001a69a68400bf5dd294",
        "3027f2b40e3572a083552628599b577580eab2022a541564f1f103173558a055666b5c0db26fad9f43c0",
    ].joined())

    /// The low bytes of item 2's (the alpha's) `ispe` width and height (ipco property 3).
    static let alphaISPEWidthLow = 0x101, alphaISPEHeightLow = 0x105
    /// Item 2's `pixi`: its bits_per_channel (ipco property 4, one channel).
    static let alphaPixiBits = 0x113
    /// Item 1's (the primary's) `av1C` seq_level_idx_0 byte (ipco property 6).
    static let primaryAV1CLevel = 0x155
    /// The low bytes of item 1's `ispe` width and height (ipco property 7).
    static let primaryISPEWidthLow = 0x167, primaryISPEHeightLow = 0x16B
    /// Item 2's data (at 0x1BC): its Sequence Header OBU's payload byte that ends in color_range.
    static let alphaColorRangeByte = 0x1C4
    /// Item 1's data (at 0x1DE): its Sequence Header OBU's header byte (type 1, with a size).
    static let primarySequenceHeaderOBU = 0x1E0

    /// Item 2's third ipma association: its pixi (0x84, property 4, essential).
    static let alphaPixiAssociation = 0x198
    /// ftyp's major brand and its first compatible brand, both `avif`.
    static let majorBrand = 0x08, firstCompatibleBrand = 0x10
    /// Item 1's Sequence Header OBU payload: seq_profile, still_picture,
    /// reduced_still_picture_header and the top 3 bits of seq_level_idx[0], then its low 2 bits
    /// and frame_width_bits_minus_1 (0x18 0x15: level 0, 6-bit sizes).
    static let primarySequenceHeaderPayload = 0x1E2

    /// The fixture with `changes` (offset, byte) made.
    static func changed(_ changes: [(Int, UInt8)]) -> [UInt8] {
        var b = heifEncAlpha
        for (i, v) in changes where i < b.count { b[i] = v }
        return b
    }
}
