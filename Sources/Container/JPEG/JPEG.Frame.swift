extension JPEG {
    /// A frame header (SOFn): sample precision, size and components.
    ///
    /// ITU-T T.81 B.2.2, Figure B.3:
    /// ```
    /// Lf  u16   8 + 3·Nf
    /// P   u8    sample precision (8 or 12 baseline/extended, 2-16 lossless)
    /// Y   u16   number of lines (0 = defined later by DNL, T.81 B.2.5)
    /// X   u16   samples per line (> 0)
    /// Nf  u8    number of components
    /// Nf × { Ci u8, Hi<<4|Vi u8, Tqi u8 }
    /// ```
    package struct Frame: Sendable, Equatable {
        /// One component specification (T.81 B.2.2).
        package struct Component: Sendable, Equatable {
            package let id: UInt8
            package let horizontalSampling: UInt8
            package let verticalSampling: UInt8
            package let quantizationTable: UInt8
        }

        package let marker: Marker
        package let precision: UInt8
        package let height: Int
        package let width: Int
        package let components: [Component]
        /// Absolute offset of the SOF marker.
        package let offset: Int
        package let path: String

        package var componentCount: Int { components.count }

        /// Parses the payload of a SOF segment (after the length field).
        package init(parsing r: inout ByteReader, marker: Marker, offset: Int) throws(ParseError) {
            let lengthOffset = r.position - 2
            guard r.remaining >= 6 else {
                throw ParseError(.sofMalformed, at: lengthOffset, path: r.path,
                                 "SOF payload of \(r.remaining) bytes, at least 6 needed")
            }
            self.marker = marker
            self.offset = offset
            self.path = r.path
            precision = try r.readU8()
            height = Int(try r.readU16())
            width = Int(try r.readU16())
            let count = Int(try r.readU8())
            // T.81 B.2.2: Lf = 8 + 3·Nf exactly; Nf >= 1.
            guard count >= 1, r.remaining == count * 3 else {
                throw ParseError(.sofMalformed, at: lengthOffset, path: r.path,
                                 "SOF declares \(count) components but has \(r.remaining) component bytes")
            }
            var comps: [Component] = []
            comps.reserveCapacity(count)
            for _ in 0..<count {
                let id = try r.readU8(), hv = try r.readU8(), tq = try r.readU8()
                comps.append(Component(id: id, horizontalSampling: hv >> 4, verticalSampling: hv & 0x0F,
                                       quantizationTable: tq))
            }
            components = comps
            try r.expectEnd("SOF segment")
        }
    }
}
