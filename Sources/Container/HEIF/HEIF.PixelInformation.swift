extension HEIF {
    /// `pixi`: channel count and bits per channel of the reconstructed image.
    /// ISO/IEC 23008-12 §6.5.6 PixelInformationProperty: FullBox v0,
    /// `u8 num_channels; u8 bits_per_channel[num_channels]`; when `flags & 1`, the newer edition
    /// (ISO/IEC 23008-12:2024/Amd 2) follows with one `Channel` a channel.
    package struct PixelInformation: Sendable, Equatable {
        package let flags: UInt32
        package let bitsPerChannel: [UInt8]
        /// The per-channel fields, when `flags & 1`; empty otherwise.
        package let channels: [Channel]

        /// One channel's extended fields, each byte-aligned:
        /// `bit(3) channel_idc; bit(1) reserved; bit(2) component_format; bit(1) subsampling_flag;
        /// bit(1) channel_label_flag; if (subsampling_flag) { bit(4) subsampling_type;
        /// bit(4) subsampling_location; } if (channel_label_flag) utf8string channel_label;`
        package struct Channel: Sendable, Equatable {
            /// The first byte as written (channel_idc, reserved, component_format, the two flags).
            package let header: UInt8
            /// subsampling_type and subsampling_location, when subsampling_flag is set.
            package let subsampling: UInt8?
            /// The label's bytes without its NUL, when channel_label_flag is set.
            package let label: [UInt8]?

            package init(header: UInt8, subsampling: UInt8? = nil, label: [UInt8]? = nil) {
                self.header = header
                self.subsampling = subsampling
                self.label = label
            }

            /// 0 colour or gray, 1 alpha, 2 depth, 3–7 reserved.
            package var channelIDC: Int { Int(header >> 5) }
            /// ISO/IEC 23001-17 component_format: 0 unsigned integer.
            package var componentFormat: Int { Int(header >> 2 & 0x3) }
            package var reservedBit: Int { Int(header >> 4 & 0x1) }
            /// 0 4:4:4, 1 4:2:2, 2 4:2:0, 3 4:1:1, 4 4:4:0, 5–15 reserved.
            package var subsamplingType: Int? { subsampling.map { Int($0 >> 4) } }
            package var subsamplingLocation: Int? { subsampling.map { Int($0 & 0xF) } }
            var hasSubsampling: Bool { header & 0x2 != 0 }
            var hasLabel: Bool { header & 0x1 != 0 }
        }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            let fb = try BMFF.FullBoxHeader(parsing: &r)
            try fb.require(maxVersion: 0, at: r.start, path: r.path)
            flags = fb.flags
            let n = Int(try r.readU8())
            bitsPerChannel = Array(try r.readBytes(n))
            var list: [Channel] = []
            if fb.flags & 1 != 0 {
                for _ in 0..<n {
                    let header = try r.readU8()
                    let subsampling = header & 0x2 != 0 ? try r.readU8() : nil
                    var label: [UInt8]?
                    if header & 0x1 != 0 {
                        let start = r.position
                        _ = try r.readCString("pixi channel_label")
                        label = Array(r.bytes[start..<(r.position - 1)])
                    }
                    list.append(Channel(header: header, subsampling: subsampling, label: label))
                }
            }
            channels = list
            try r.expectEnd("pixi")
        }

        package init(bitsPerChannel: [UInt8], flags: UInt32 = 0, channels: [Channel] = []) {
            self.bitsPerChannel = bitsPerChannel
            self.flags = flags
            self.channels = channels
        }

        package func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.fullBox(BMFF.BoxType.pixi, BMFF.FullBoxHeader(version: 0, flags: flags), to: &w) { w in
                w.u8(fitting: bitsPerChannel.count, "pixi num_channels")
                w.append(bitsPerChannel)
                for c in channels {
                    w.u8(c.header)
                    if let s = c.subsampling { w.u8(s) }
                    if let l = c.label { w.append(l); w.u8(0) }
                }
            }
        }
    }
}
