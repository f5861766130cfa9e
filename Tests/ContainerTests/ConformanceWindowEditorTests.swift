import Container
import Testing
import TestSupport

/// `BitWriter` and `HEIF.ConformanceWindowEditor`: an SPS gets a wider conformance window
/// (ITU-T H.265 §7.3.2.2.1) and keeps every other bit.
@Suite struct ConformanceWindowEditorTests {
    /// The 64×64 4:0:0 SPS x265 wrote for `Corpus/good/heif-disparity.heic` (no window; two
    /// emulation prevention bytes).
    static var monochromeSPS: [UInt8] { spsUnits(HEIFFixture.x265Depth64HvcC)[0] }

    /// The SPS NAL units of an hvcC payload, by the project's parser.
    static func spsUnits(_ record: [UInt8]) -> [[UInt8]] {
        var r = ByteReader(record)
        guard let c = try? HEIF.HEVCConfiguration(parsing: &r) else { return [] }
        return c.arrays.filter { $0.nalUnitType == 33 }.flatMap { $0.units.map { Array(record[$0]) } }
    }

    static func box(_ record: [UInt8]) -> [UInt8] {
        let n = record.count + 8
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array("hvcC".utf8) + record
    }

    static func bits(_ rbsp: [UInt8], _ range: Range<Int>) -> [UInt8] {
        range.map { (rbsp[$0 >> 3] >> UInt8(7 - ($0 & 7))) & 1 }
    }

    static func stopBit(_ rbsp: [UInt8]) -> Int {
        let last = rbsp.lastIndex { $0 != 0 } ?? 0
        return last * 8 + 7 - rbsp[last].trailingZeroBitCount
    }

    @Test func bitWriterWritesWhatBitReaderReads() throws {
        var w = BitWriter()
        w.bits(0b101, 3)
        for v: UInt32 in [0, 1, 2, 3, 6, 7, 254, 65_535, UInt32.max - 1] { w.ue(v) }
        w.trailingBits()
        #expect(w.bitCount % 8 == 0)
        var r = BitReader(w.bytes, offset: 0, path: "", codes: .parameterSet)
        #expect(try r.bits(3) == 0b101)
        for v: UInt32 in [0, 1, 2, 3, 6, 7, 254, 65_535, UInt32.max - 1] { #expect(try r.ue() == v) }
        #expect(try r.bits(1) == 1)
        // rbsp_alignment_zero_bits to the byte boundary.
        let left = r.bitsLeft
        #expect(left == 5)
        #expect(try r.bits(left) == 0)
    }

    @Test func emulationPreventionGoesInAndComesOut() {
        #expect(BitWriter.escaped([0, 0, 1]) == [0, 0, 3, 1])
        #expect(BitWriter.escaped([0, 0, 0, 0]) == [0, 0, 3, 0, 0])
        #expect(BitWriter.escaped([0, 0, 3, 0, 0, 4]) == [0, 0, 3, 3, 0, 0, 4])
        #expect(BitWriter.escaped([1, 0, 0, 2, 0]) == [1, 0, 0, 3, 2, 0])
        var rng = SeededGenerator(seed: 41)
        for _ in 0..<500 {
            // Mostly zeros and small values, where the escapes happen.
            let rbsp = (0..<(1 + rng.below(40))).map { _ in UInt8([0, 0, 0, 1, 2, 3, 4, 0x80][rng.below(8)]) }
            let nal = BitWriter.escaped(rbsp)
            #expect(BitReader.rbsp(nal) == rbsp)
            for i in 2..<max(2, nal.count) where nal[i - 2] == 0 && nal[i - 1] == 0 { #expect(nal[i] == 3 || nal[i] > 3) }
        }
    }

    @Test func aWindowIsAddedAndEveryOtherBitKept() throws {
        let original = Self.monochromeSPS
        let before = try HEIF.HEVCSequenceParameterSet(nalUnit: original[...], offset: 0, path: "")
        #expect(before.picWidthInLumaSamples == 64 && before.picHeightInLumaSamples == 64 && before.chromaFormatIDC == 0)
        #expect(before.croppedWidth == 64 && before.croppedHeight == 64)
        let rewritten = try HEIF.ConformanceWindowEditor.sps(original[...], croppingRight: 1, bottom: 62, path: "sps")
        let after = try HEIF.HEVCSequenceParameterSet(nalUnit: rewritten[...], offset: 0, path: "")
        #expect(after.picWidthInLumaSamples == 64 && after.picHeightInLumaSamples == 64)
        #expect([after.confWinLeftOffset, after.confWinRightOffset, after.confWinTopOffset, after.confWinBottomOffset] == [0, 1, 0, 62])
        #expect(after.croppedWidth == 63 && after.croppedHeight == 2)
        #expect(after.bitDepthLuma == 8 && after.seqParameterSetID == before.seqParameterSetID)
        // The bits before the flag and from bit_depth_luma_minus8 to rbsp_stop_one_bit are the same.
        let a = BitReader.rbsp(original), b = BitReader.rbsp(rewritten)
        #expect(Self.bits(a, 0..<before.conformanceWindowBit) == Self.bits(b, 0..<after.conformanceWindowBit))
        #expect(Self.bits(a, before.bitDepthBit..<Self.stopBit(a)) == Self.bits(b, after.bitDepthBit..<Self.stopBit(b)))
        // flag + ue(0) + ue(1) + ue(0) + ue(62) = 1 + 1 + 3 + 1 + 11 bits where there was a 0 flag.
        #expect(after.bitDepthBit - after.conformanceWindowBit == 17)
        #expect(b.count * 8 - Self.stopBit(b) <= 8)
    }

    @Test func anExistingWindowIsAddedTo() throws {
        let once = try HEIF.ConformanceWindowEditor.sps(Self.monochromeSPS[...], croppingRight: 6, bottom: 2, path: "")
        let twice = try HEIF.ConformanceWindowEditor.sps(once[...], croppingRight: 1, bottom: 5, path: "")
        let s = try HEIF.HEVCSequenceParameterSet(nalUnit: twice[...], offset: 0, path: "")
        #expect([s.confWinLeftOffset, s.confWinRightOffset, s.confWinTopOffset, s.confWinBottomOffset] == [0, 7, 0, 7])
        #expect(s.croppedWidth == 57 && s.croppedHeight == 57)
        // Adding nothing to a window leaves the unit as it was.
        #expect(try HEIF.ConformanceWindowEditor.sps(once[...], croppingRight: 0, bottom: 0, path: "") == once)
    }

    /// The same crop as the fixture builder's own SPS writer (an independent implementation),
    /// byte for byte, over the whole hvcC.
    @Test func theHvcCMatchesTheFixtureBuilders() throws {
        for (record, right, bottom) in [(HEIFFixture.x265Depth64HvcC, 48, 52), (HEIFFixture.x265Primary64HvcC, 0, 16),
                                        (HEIFFixture.x265Primary64HvcC, 2, 4)] {
            let edited = try HEIF.ConformanceWindowEditor.hvcC(Self.box(record), croppingRight: right, bottom: bottom)
            let expected = HEIFFixture.hvcC(record, cropRight: UInt32(right), bottom: UInt32(bottom))
            #expect(edited == Self.box(expected), "\(right)x\(bottom)")
            var r = ByteReader(Array(edited.dropFirst(8)))
            let c = try HEIF.HEVCConfiguration(parsing: &r)
            #expect(c.sps?.croppedWidth == UInt32(64 - right) && c.sps?.croppedHeight == UInt32(64 - bottom))
            #expect(c.arrays.map(\.nalUnitType) == [32, 33, 34])
        }
    }

    @Test func cropsThatCannotBeCodedAreRefused() throws {
        // 4:2:0 counts in pairs (SubWidthC = SubHeightC = 2, Table 6-1): one column cannot be cropped.
        let primary = Self.spsUnits(HEIFFixture.x265Primary64HvcC)[0]
        #expect(throws: WriteError.self) { try HEIF.ConformanceWindowEditor.sps(primary[...], croppingRight: 1, bottom: 0, path: "") }
        // Cropping the whole picture leaves nothing.
        #expect(throws: WriteError.self) { try HEIF.ConformanceWindowEditor.sps(Self.monochromeSPS[...], croppingRight: 64, bottom: 0, path: "") }
        #expect(throws: WriteError.self) { try HEIF.ConformanceWindowEditor.sps(Self.monochromeSPS[...], croppingRight: -1, bottom: 0, path: "") }
        // Not an SPS.
        #expect(throws: WriteError.self) { try HEIF.ConformanceWindowEditor.sps([0x40, 0x01, 0x0C][...], croppingRight: 1, bottom: 0, path: "") }
    }

    @Test func inBandParameterSetsAreCroppedAndSlicesKept() throws {
        let sps = Self.monochromeSPS
        let slice = HEIFFixture.x265Depth64Picture
        // A length-prefixed SPS before the picture's slice.
        let data = [0, 0, 0, UInt8(sps.count)] + sps + slice
        var changed = 0
        let out = try HEIF.ConformanceWindowEditor.samples(data, lengthSize: 4, croppingRight: 3, bottom: 1, changed: &changed)
        #expect(changed == 1)
        let n = Int(out[3])
        let s = try HEIF.HEVCSequenceParameterSet(nalUnit: out[4..<(4 + n)], offset: 0, path: "")
        #expect(s.croppedWidth == 61 && s.croppedHeight == 63)
        #expect(Array(out[(4 + n)...]) == slice)
        // Slices alone are copied as they are.
        changed = 0
        #expect(try HEIF.ConformanceWindowEditor.samples(slice, lengthSize: 4, croppingRight: 3, bottom: 1, changed: &changed) == slice)
        #expect(changed == 0)
        #expect(throws: WriteError.self) {
            var c = 0
            _ = try HEIF.ConformanceWindowEditor.samples(Array(slice.dropLast()), lengthSize: 4, croppingRight: 3, bottom: 1, changed: &c)
        }
    }
}
