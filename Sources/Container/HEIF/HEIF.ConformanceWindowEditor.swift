extension HEIF {
    /// Crops a coded HEVC picture without touching its slices, by widening the conformance
    /// window of its sequence parameter sets (ITU-T H.265 §7.3.2.2.1, §7.4.3.2.1): the decoder
    /// outputs pic_width_in_luma_samples − SubWidthC·(conf_win_left_offset +
    /// conf_win_right_offset) columns, and likewise rows with SubHeightC. The writer codes a
    /// picture larger than the map (an encoder's smallest size, its even sizes) and crops it
    /// here to the map's own size.
    ///
    /// Every bit of the SPS other than the window is kept: the bits up to
    /// conformance_window_flag and from bit_depth_luma_minus8 up to rbsp_stop_one_bit are
    /// copied as they are, and the emulation prevention bytes are removed before and inserted
    /// again after (§7.4.2).
    package enum ConformanceWindowEditor {
        /// `nal` (one SPS NAL unit, header included) with `right` more columns and `bottom`
        /// more rows cropped, both counted in luma samples; a window the SPS has already is
        /// added to.
        package static func sps(_ nal: ArraySlice<UInt8>, croppingRight right: Int, bottom: Int,
                               path: String) throws(WriteError) -> [UInt8] {
            let sps = try WriteError.reading(try HEVCSequenceParameterSet(nalUnit: nal, offset: 0, path: path))
            let rbsp = BitReader.rbsp(nal)
            // rbsp_trailing_bits (§7.3.2.11): the last 1 bit is rbsp_stop_one_bit.
            guard let last = rbsp.lastIndex(where: { $0 != 0 }) else {
                throw WriteError(ParseError(.spsInvalid, at: 0, path: path, "no rbsp_stop_one_bit"))
            }
            let stopBit = last * 8 + 7 - rbsp[last].trailingZeroBitCount
            guard stopBit >= sps.bitDepthBit else {
                throw WriteError(ParseError(.spsInvalid, at: 0, path: path, "rbsp_stop_one_bit before bit_depth_luma_minus8"))
            }
            // Offsets count in units of SubWidthC and SubHeightC (Table 6-1; 1 and 1 for 4:0:0).
            let subW = Int(sps.subWidthC), subH = Int(sps.subHeightC)
            guard right >= 0, bottom >= 0, right % subW == 0, bottom % subH == 0,
                  let r = UInt32(exactly: right / subW), let b = UInt32(exactly: bottom / subH) else {
                throw WriteError(.fieldOverflow, at: 0, path: path,
                                 "cannot crop \(right)×\(bottom) luma samples in units of \(subW)×\(subH)")
            }
            let (newRight, o1) = sps.confWinRightOffset.addingReportingOverflow(r)
            let (newBottom, o2) = sps.confWinBottomOffset.addingReportingOverflow(b)
            guard !o1, !o2 else {
                throw WriteError(.fieldOverflow, at: 0, path: path, "conformance window offsets overflow")
            }
            var w = BitWriter()
            copy(rbsp, 0..<sps.conformanceWindowBit, to: &w)
            w.flag(true)   // conformance_window_flag
            w.ue(sps.confWinLeftOffset)
            w.ue(newRight)
            w.ue(sps.confWinTopOffset)
            w.ue(newBottom)
            copy(rbsp, sps.bitDepthBit..<stopBit, to: &w)
            w.trailingBits()
            let out = BitWriter.escaped(w.bytes)
            // The new window must crop what it was asked to, inside the picture.
            let check = try WriteError.reading(try HEVCSequenceParameterSet(nalUnit: out[...], offset: 0, path: path))
            guard let cw = sps.croppedWidth, let ch = sps.croppedHeight,
                  let nw = check.croppedWidth, let nh = check.croppedHeight,
                  Int(cw) - Int(nw) == right, Int(ch) - Int(nh) == bottom, nw > 0, nh > 0 else {
                throw WriteError(.fieldOverflow, at: 0, path: path,
                                 "cropping \(right)×\(bottom) leaves no picture of \(sps.picWidthInLumaSamples)×\(sps.picHeightInLumaSamples)")
            }
            return out
        }

        /// A whole `hvcC` box (ISO/IEC 14496-15 §8.3.3.1) with every SPS in its parameter-set
        /// arrays cropped as by `sps(_:croppingRight:bottom:path:)`; all other bytes are kept.
        package static func hvcC(_ box: [UInt8], croppingRight right: Int, bottom: Int) throws(WriteError) -> [UInt8] {
            guard box.count >= 8, box[4..<8].elementsEqual("hvcC".utf8),
                  Int(box[0]) << 24 | Int(box[1]) << 16 | Int(box[2]) << 8 | Int(box[3]) == box.count else {
                throw WriteError(.notAnImage, at: 0, path: "hvcC", "not a whole hvcC box")
            }
            var r = try WriteError.reading(try ByteReader(box, range: 8..<box.count, path: "hvcC"))
            let config = try WriteError.reading(try HEVCConfiguration(parsing: &r))
            // The 22 bytes before numOfArrays are copied; the arrays are written again.
            let fixed = 8 + 22
            var w = ByteWriter()
            w.append(box[0..<fixed])
            w.u8(fitting: config.arrays.count, "hvcC numOfArrays")
            for (j, array) in config.arrays.enumerated() {
                w.u8((array.arrayCompleteness ? 0x80 : 0) | array.nalUnitType)
                w.u16(fitting: array.units.count, "hvcC numNalus")
                for (i, unit) in array.units.enumerated() {
                    // H.265 §7.4.2.2: NAL unit type 33 is SPS_NUT.
                    let nal = array.nalUnitType == 33
                        ? try sps(box[unit], croppingRight: right, bottom: bottom, path: "hvcC/array[\(j)]/nalUnit[\(i)]")
                        : Array(box[unit])
                    guard let length = UInt16(exactly: nal.count) else {
                        throw WriteError(.fieldOverflow, at: unit.lowerBound, path: "hvcC/array[\(j)]", "NAL unit of \(nal.count) bytes")
                    }
                    w.u16(length)
                    w.append(nal)
                }
            }
            guard let size = UInt32(exactly: w.count) else { throw WriteError(.fieldOverflow, at: 0, path: "hvcC") }
            w.patchU32(at: 0, size)
            return try w.finished(path: "hvcC")
        }

        /// Coded sample data (NAL units each after a `lengthSize`-byte length, ISO/IEC 14496-15
        /// §4.3.2) with every in-band SPS cropped like the ones in `hvcC`, so the two agree; the
        /// other units are kept. `changed` counts the SPS units rewritten.
        package static func samples(_ data: [UInt8], lengthSize: Int, croppingRight right: Int, bottom: Int,
                                   changed: inout Int) throws(WriteError) -> [UInt8] {
            guard (1...4).contains(lengthSize) else {
                throw WriteError(.notAnImage, at: 0, path: "data", "NAL length size \(lengthSize)")
            }
            var w = ByteWriter()
            var at = 0
            while at < data.count {
                guard let start = at +? lengthSize, start <= data.count else {
                    throw WriteError(ParseError(.truncated, at: at, path: "data", "NAL length past the end"))
                }
                var length = 0
                for k in at..<start { length = length << 8 | Int(data[k]) }
                guard length >= 2, let end = start +? length, end <= data.count else {
                    throw WriteError(ParseError(.truncated, at: at, path: "data", "NAL unit of \(length) bytes at \(at)"))
                }
                // H.265 §7.3.1.2: nal_unit_type is bits 1...6 of the first header byte.
                var nal = Array(data[start..<end])
                if (data[start] >> 1) & 0x3F == 33 {
                    nal = try sps(data[start..<end], croppingRight: right, bottom: bottom, path: "data/SPS@\(at)")
                    changed += 1
                }
                guard lengthSize == 4 || nal.count < 1 << (8 * lengthSize) else {
                    throw WriteError(.fieldOverflow, at: at, path: "data", "NAL unit of \(nal.count) bytes")
                }
                for k in stride(from: lengthSize - 1, through: 0, by: -1) { w.u8(UInt8(truncatingIfNeeded: nal.count >> (8 * k))) }
                w.append(nal)
                at = end
            }
            return w.bytes
        }

        /// Appends the bits `range` of `rbsp` to `w`.
        private static func copy(_ rbsp: [UInt8], _ range: Range<Int>, to w: inout BitWriter) {
            for i in range {
                w.flag((rbsp[i >> 3] >> UInt8(7 - (i & 7))) & 1 == 1)
            }
        }
    }
}
