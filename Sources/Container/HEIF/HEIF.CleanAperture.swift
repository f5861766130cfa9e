extension HEIF {
    /// `clap`: the crop rectangle, as fractions.
    /// ISO/IEC 14496-12 §12.1.4 CleanApertureBox, used by ISO/IEC 23008-12 §6.5.9.
    ///
    /// ```
    /// unsigned int(32) cleanApertureWidthN, cleanApertureWidthD;
    /// unsigned int(32) cleanApertureHeightN, cleanApertureHeightD;
    /// int(32) horizOffN; unsigned int(32) horizOffD;      // offsets are signed
    /// int(32) vertOffN;  unsigned int(32) vertOffD;
    /// ```
    package struct CleanAperture: Sendable, Equatable {
        package let widthN: UInt32, widthD: UInt32
        package let heightN: UInt32, heightD: UInt32
        package let horizOffN: Int32, horizOffD: UInt32
        package let vertOffN: Int32, vertOffD: UInt32

        package init(parsing r: inout ByteReader) throws(ParseError) {
            widthN = try r.readU32(); widthD = try r.readU32()
            heightN = try r.readU32(); heightD = try r.readU32()
            horizOffN = Int32(bitPattern: try r.readU32()); horizOffD = try r.readU32()
            vertOffN = Int32(bitPattern: try r.readU32()); vertOffD = try r.readU32()
            try r.expectEnd("clap")
        }

        /// Width as a whole number of pixels, when the fraction is exact and the divisor non-zero.
        package var width: UInt32? { widthD == 0 || widthN % widthD != 0 ? nil : widthN / widthD }
        package var height: UInt32? { heightD == 0 || heightN % heightD != 0 ? nil : heightN / heightD }

        package func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.box(BMFF.BoxType.clap, to: &w) { w in
                w.u32(widthN); w.u32(widthD); w.u32(heightN); w.u32(heightD)
                w.u32(UInt32(bitPattern: horizOffN)); w.u32(horizOffD)
                w.u32(UInt32(bitPattern: vertOffN)); w.u32(vertOffD)
            }
        }
    }
}
