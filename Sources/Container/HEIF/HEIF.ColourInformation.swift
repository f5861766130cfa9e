extension HEIF {
    /// `colr`: colour description, either CICP code points or an ICC profile.
    /// ISO/IEC 14496-12 §12.1.5 ColourInformationBox.
    ///
    /// ```
    /// unsigned int(32) colour_type;
    /// if (colour_type == 'nclx') { u16 colour_primaries; u16 transfer_characteristics;
    ///   u16 matrix_coefficients; unsigned int(1) full_range_flag; unsigned int(7) reserved; }
    /// else if ('rICC' or 'prof') ICC_profile;   // to end of box
    /// ```
    package struct ColourInformation: Sendable, Equatable {
        package enum Value: Sendable, Equatable {
            case nclx(colourPrimaries: UInt16, transferCharacteristics: UInt16,
                      matrixCoefficients: UInt16, fullRange: Bool)
            /// An ICC profile (`rICC` or `prof`) at this absolute range.
            case icc(Range<Int>)
            /// Any other colour type, kept as its payload range.
            case unknown(Range<Int>)
        }

        package let colourType: FourCC
        package let value: Value

        /// A property to write: nclx values, or an ICC profile at a range of the source bytes.
        package init(colourType: FourCC, value: Value) {
            self.colourType = colourType
            self.value = value
        }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            colourType = try r.readFourCC()
            if colourType == BMFF.BoxType.nclx {
                let p = try r.readU16(), t = try r.readU16(), m = try r.readU16()
                let f = try r.readU8()
                value = .nclx(colourPrimaries: p, transferCharacteristics: t, matrixCoefficients: m, fullRange: f & 0x80 != 0)
            } else {
                let s = r.position
                _ = r.readRest()
                value = colourType == BMFF.BoxType.rICC || colourType == BMFF.BoxType.prof ? .icc(s..<r.position) : .unknown(s..<r.position)
            }
            try r.expectEnd("colr")
        }

        /// The whole `colr` box; `source` supplies the bytes of an ICC or unknown payload.
        package func write(to w: inout ByteWriter, source: [UInt8]) {
            BMFF.BoxWriter.box(BMFF.BoxType.colr, to: &w) { w in
                w.fourCC(colourType)
                switch value {
                case .nclx(let p, let t, let m, let full):
                    w.u16(p); w.u16(t); w.u16(m); w.u8(full ? 0x80 : 0)
                case .icc(let r), .unknown(let r):
                    if r.lowerBound >= 0, r.upperBound <= source.count { w.append(source[r]) }
                }
            }
        }
    }
}
