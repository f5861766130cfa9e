extension BMFF {
    /// `ftyp`: the brands a file claims to conform to.
    /// ISO/IEC 14496-12 §4.3 FileTypeBox.
    ///
    /// ```
    /// unsigned int(32) major_brand;
    /// unsigned int(32) minor_version;
    /// unsigned int(32) compatible_brands[];   // to end of box
    /// ```
    package struct FileTypeBox: Sendable, Equatable {
        package let majorBrand: FourCC
        package let minorVersion: UInt32
        package let compatibleBrands: [FourCC]

        package init(parsing r: inout ByteReader) throws(ParseError) {
            majorBrand = try r.readFourCC()
            minorVersion = try r.readU32()
            // A partial brand cannot be a brand: the payload must be whole 4-byte codes.
            guard r.remaining % 4 == 0 else {
                throw ParseError(.trailingBytes, at: r.position, path: r.path,
                                 "\(r.remaining) bytes of compatible brands is not a multiple of 4")
            }
            var brands: [FourCC] = []
            brands.reserveCapacity(r.remaining / 4)
            while !r.isAtEnd { brands.append(try r.readFourCC()) }
            compatibleBrands = brands
            try r.expectEnd("ftyp")
        }

        package init(majorBrand: FourCC, minorVersion: UInt32, compatibleBrands: [FourCC]) {
            self.majorBrand = majorBrand
            self.minorVersion = minorVersion
            self.compatibleBrands = compatibleBrands
        }

        /// The whole `ftyp` box; the inverse of `init(parsing:)`.
        package func write(to w: inout ByteWriter) {
            BoxWriter.box(BoxType.ftyp, to: &w) { w in
                w.fourCC(majorBrand)
                w.u32(minorVersion)
                for b in compatibleBrands { w.fourCC(b) }
            }
        }
    }
}
