extension HEIF {
    /// The data of a `tmap` (tone-mapped image) derived item: a version byte, then the ISO
    /// 21496-1 gain map metadata that says how the gain map turns the base image into the
    /// alternate (HDR) rendition. ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4 (ToneMapImage);
    /// ISO 21496-1:2025 Annex C.2 (GainMapMetadata).
    ///
    /// ```
    /// unsigned int(8) version = 0;
    /// if (version == 0) {
    ///   unsigned int(16) minimum_version; unsigned int(16) writer_version;
    ///   // GainMapMetadata, when minimum_version is one this reader knows (0):
    ///   unsigned int(1) is_multichannel; unsigned int(1) use_base_colour_space; unsigned int(6) reserved;
    ///   unsigned int(32) base_hdr_headroom_numerator;      unsigned int(32) base_hdr_headroom_denominator;
    ///   unsigned int(32) alternate_hdr_headroom_numerator; unsigned int(32) alternate_hdr_headroom_denominator;
    ///   for (c = 0; c < (is_multichannel ? 3 : 1); c++) {
    ///     int(32) gain_map_min_numerator;    unsigned int(32) gain_map_min_denominator;
    ///     int(32) gain_map_max_numerator;    unsigned int(32) gain_map_max_denominator;
    ///     unsigned int(32) gamma_numerator;  unsigned int(32) gamma_denominator;
    ///     int(32) base_offset_numerator;     unsigned int(32) base_offset_denominator;
    ///     int(32) alternate_offset_numerator; unsigned int(32) alternate_offset_denominator;
    ///   }
    /// }
    /// ```
    /// A version or minimum version this reader does not know may mean another layout, so the
    /// rest is kept unread; so are bytes after the fields, which a later writer_version may add.
    /// Whether any of that is acceptable, and whether the values make sense, is for the rules.
    package struct ToneMap: Sendable, Equatable {
        package let version: UInt8
        /// nil when `version` is not 0 (the layout after it is unknown).
        package let minimumVersion: UInt16?
        package let writerVersion: UInt16?
        /// nil when the version or the minimum version is unknown.
        package let metadata: GainMapMetadata?
        /// Bytes this reader did not interpret, kept so that `write(to:)` gives the item back.
        package let unreadBytes: [UInt8]

        package init(version: UInt8, minimumVersion: UInt16?, writerVersion: UInt16?, metadata: GainMapMetadata?,
                    unreadBytes: [UInt8] = []) {
            self.version = version
            self.minimumVersion = minimumVersion
            self.writerVersion = writerVersion
            self.metadata = metadata
            self.unreadBytes = unreadBytes
        }

        /// Reads the whole item data in `r`.
        package init(parsing r: inout ByteReader) throws(ParseError) {
            version = try r.readU8()
            guard version == 0 else {
                (minimumVersion, writerVersion, metadata) = (nil, nil, nil)
                unreadBytes = Array(r.readRest())
                return
            }
            minimumVersion = try r.readU16()
            writerVersion = try r.readU16()
            // Annex C.2: a reader that does not know minimum_version cannot read what follows.
            metadata = minimumVersion == 0 ? try GainMapMetadata(parsing: &r) : nil
            unreadBytes = Array(r.readRest())
        }

        /// The item data, field by field (no box header: it is item data, not a box).
        package func write(to w: inout ByteWriter) {
            w.u8(version)
            if let m = minimumVersion, let wv = writerVersion {
                w.u16(m)
                w.u16(wv)
            }
            metadata?.write(to: &w)
            w.append(unreadBytes)
        }
    }

    /// ISO 21496-1:2025 Annex C.2 GainMapMetadata after the two version fields.
    package struct GainMapMetadata: Sendable, Equatable {
        /// Bit 7 is_multichannel, bit 6 use_base_colour_space, the rest reserved.
        package let flags: UInt8
        package let baseHdrHeadroom: Fraction
        package let alternateHdrHeadroom: Fraction
        /// One entry, or three (red, green, blue) when `isMultichannel`.
        package let channels: [GainMapChannel]

        package init(flags: UInt8, baseHdrHeadroom: Fraction, alternateHdrHeadroom: Fraction, channels: [GainMapChannel]) {
            self.flags = flags
            self.baseHdrHeadroom = baseHdrHeadroom
            self.alternateHdrHeadroom = alternateHdrHeadroom
            self.channels = channels
        }

        package var isMultichannel: Bool { flags & 0x80 != 0 }
        package var useBaseColourSpace: Bool { flags & 0x40 != 0 }
        /// Bit 3: every value shares one denominator, written once before them (the compact
        /// form ISO 21496-1 allows and libultrahdr writes when all denominators agree).
        package var usesCommonDenominator: Bool { flags & 0x08 != 0 }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            flags = try r.readU8()
            // At most three entries: the count is bounded by the flag, not by the file.
            let count = flags & 0x80 != 0 ? 3 : 1
            if flags & 0x08 != 0 {
                let d = try r.readU32()
                func value(_ signed: Bool) throws(ParseError) -> Fraction {
                    let n = try r.readU32()
                    return Fraction(signed ? Int64(Int32(bitPattern: n)) : Int64(n), d)
                }
                baseHdrHeadroom = try value(false)
                alternateHdrHeadroom = try value(false)
                try r.need(count * 20, "\(count) gain map channel(s)")
                var list: [GainMapChannel] = []
                for _ in 0..<count {
                    list.append(GainMapChannel(gainMapMin: try value(true), gainMapMax: try value(true), gamma: try value(false),
                                               baseOffset: try value(true), alternateOffset: try value(true)))
                }
                channels = list
                return
            }
            baseHdrHeadroom = try Fraction(parsing: &r, signed: false)
            alternateHdrHeadroom = try Fraction(parsing: &r, signed: false)
            try r.need(count * GainMapChannel.size, "\(count) gain map channel(s)")
            var list: [GainMapChannel] = []
            for _ in 0..<count { list.append(try GainMapChannel(parsing: &r)) }
            channels = list
        }

        package func write(to w: inout ByteWriter) {
            w.u8(flags)
            if usesCommonDenominator {
                w.u32(baseHdrHeadroom.denominator)
                for f in [baseHdrHeadroom, alternateHdrHeadroom] + channels.flatMap(\.fractions) {
                    f.writeNumerator(to: &w)
                }
                return
            }
            baseHdrHeadroom.write(to: &w)
            alternateHdrHeadroom.write(to: &w)
            for c in channels { c.write(to: &w) }
        }
    }

    /// One channel's entry of GainMapMetadata (ISO 21496-1:2025 Annex C.2).
    package struct GainMapChannel: Sendable, Equatable {
        /// Bytes of one entry: five fractions of two 32-bit fields.
        static let size = 40
        package let gainMapMin: Fraction
        package let gainMapMax: Fraction
        package let gamma: Fraction
        package let baseOffset: Fraction
        package let alternateOffset: Fraction

        package init(gainMapMin: Fraction, gainMapMax: Fraction, gamma: Fraction, baseOffset: Fraction,
                    alternateOffset: Fraction) {
            self.gainMapMin = gainMapMin
            self.gainMapMax = gainMapMax
            self.gamma = gamma
            self.baseOffset = baseOffset
            self.alternateOffset = alternateOffset
        }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            gainMapMin = try Fraction(parsing: &r, signed: true)
            gainMapMax = try Fraction(parsing: &r, signed: true)
            gamma = try Fraction(parsing: &r, signed: false)
            baseOffset = try Fraction(parsing: &r, signed: true)
            alternateOffset = try Fraction(parsing: &r, signed: true)
        }

        /// The five values in their stored order.
        package var fractions: [Fraction] { [gainMapMin, gainMapMax, gamma, baseOffset, alternateOffset] }

        package func write(to w: inout ByteWriter) {
            for f in fractions { f.write(to: &w) }
        }
    }

    /// A numerator over an unsigned 32-bit denominator, as ISO 21496-1 stores every value.
    /// The numerator is a signed or unsigned 32-bit field depending on the value; both fit in
    /// `Int64` and are written back as the same 32 bits.
    package struct Fraction: Sendable, Equatable, CustomStringConvertible {
        package let numerator: Int64
        package let denominator: UInt32

        package init(_ numerator: Int64, _ denominator: UInt32) {
            self.numerator = numerator
            self.denominator = denominator
        }

        package init(parsing r: inout ByteReader, signed: Bool) throws(ParseError) {
            let n = try r.readU32()
            numerator = signed ? Int64(Int32(bitPattern: n)) : Int64(n)
            denominator = try r.readU32()
        }

        /// The value; nil for a zero denominator.
        package var value: Double? { denominator == 0 ? nil : Double(numerator) / Double(denominator) }

        package var description: String { "\(numerator)/\(denominator)" }

        package func write(to w: inout ByteWriter) {
            writeNumerator(to: &w)
            w.u32(denominator)
        }

        /// The numerator's 32 bits: a negative one (an int(32) field) in two's complement, any
        /// other as unsigned; one outside both ranges is the writer's `overflow`.
        func writeNumerator(to w: inout ByteWriter) {
            if let signed = Int32(exactly: numerator), signed < 0 { w.u32(UInt32(bitPattern: signed)) }
            else { w.u32(fitting: numerator, "tmap numerator") }
        }
    }
}
