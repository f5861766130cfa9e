import Container

/// Stereo and multi-view MPO files as cameras write them (CIPA DC-007): the first image holds
/// the MP Index IFD; images 2..n hold only an MP Attribute IFD (§5.2.3) with MPFVersion,
/// MPIndividualNum, BaseViewpointNum, ConvergenceAngle and BaselineLength (§5.2.4).
package enum MPOFixture {
    /// An APP2 MPF payload whose only IFD is an MP Attribute IFD (big-endian).
    package static func attributePayload(individual: UInt32, baseViewpoint: UInt32 = 1,
                                        convergence: (Int32, Int32) = (-1, 10), baseline: (UInt32, UInt32) = (77, 1000)) -> [UInt8] {
        var w = ByteWriter()
        w.append([0x4D, 0x50, 0x46, 0x00])
        w.append([0x4D, 0x4D]); w.u16(42); w.u32(8)
        let tags = 5
        let values = 8 + 2 + tags * 12 + 4   // the two rationals follow the IFD
        w.u16(UInt16(tags))
        w.u16(0xB000); w.u16(7); w.u32(4); w.ascii("0100")
        w.u16(0xB101); w.u16(4); w.u32(1); w.u32(individual)
        w.u16(0xB204); w.u16(4); w.u32(1); w.u32(baseViewpoint)
        w.u16(0xB205); w.u16(10); w.u32(1); w.u32(UInt32(values))
        w.u16(0xB206); w.u16(5); w.u32(1); w.u32(UInt32(values + 8))
        w.u32(0)
        w.u32(UInt32(bitPattern: convergence.0)); w.u32(UInt32(bitPattern: convergence.1))
        w.u32(baseline.0); w.u32(baseline.1)
        return w.bytes
    }

    /// A two-view stereo MPO: both images of MP type 0x020002 (multi-frame disparity), the
    /// first the representative image; the second view (64×48, as the first) carries only its
    /// MP Attribute IFD. `fill` bytes of 0xFF sit between the two (T.81 B.1.1.2 fill bytes).
    package static func stereo(fill: Int = 0) -> [UInt8] {
        let second = JPEGFixture.image([JPEGFixture.segment(0xE2, attributePayload(individual: 2))], body: JPEGFixture.color64x48Body)
        let filled = [UInt8](repeating: 0xFF, count: fill) + second
        return JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)], secondaries: [filled],
                                        attributes: [0x2002_0002, 0x0002_0002]) { entries in
            // The entry locates the second image's SOI, after the fill.
            entries[1].offset += UInt32(fill)
            entries[1].size -= UInt32(fill)
        }
    }
}
