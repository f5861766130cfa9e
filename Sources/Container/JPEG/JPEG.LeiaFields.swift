extension JPEG {
    /// The fields of a Leia Image Format trailer (LIF, Lume Pad and RED Hydrogen One 3D
    /// photos), big-endian: u32 field count, then fields of u32 type, u32 length and the data;
    /// the trailer ends with u32 trailer length and `1E 1A` (`KnownTrailer` measures it). Leia
    /// publishes no specification; this is the layout its files show: a field of type 7 holds
    /// JSON naming each view's image field (`albedoId`) and disparity map field
    /// (`disparityId`), the others images (JPEG) and small values.
    package struct LeiaFields: Sendable, Equatable {
        package struct Field: Sendable, Equatable {
            package let type: UInt32
            /// Where the field's data lie.
            package let data: Range<Int>
        }

        package let fields: [Field]

        /// The fields of the trailer in `range`; nil when the count or a field does not fit it.
        package init?(_ b: [UInt8], _ range: Range<Int>) {
            guard range.lowerBound >= 0, range.upperBound <= b.count, range.count >= 10 else { return nil }
            let end = range.upperBound - 6
            guard let count = KnownTrailer.u32(b, range.lowerBound, big: true), count <= 1024 else { return nil }
            var at = range.lowerBound + 4
            var out: [Field] = []
            for _ in 0..<Int(count) {
                guard let type = KnownTrailer.u32(b, at, big: true), let length = KnownTrailer.u32(b, at + 4, big: true),
                      let start = at +? 8, let stop = start +? Int(length), stop <= end else { return nil }
                out.append(Field(type: type, data: start..<stop))
                at = stop
            }
            fields = out
        }

        /// The field of this type, the first when several share it.
        package func field(_ type: UInt32) -> Field? { fields.first { $0.type == type } }
    }
}
