import Testing
import Container
import TestSupport

@Suite struct HEIFPropertyTests {
    private func parse(_ bytes: [UInt8]) throws -> HEIF.ItemProperty {
        var r = ByteReader(bytes)
        var ctx = BMFF.ParseContext(limits: .default)
        let box = try ctx.nextBox(in: &r, depth: 0) { .child(of: "", $0) }
        var c = box.content
        return try HEIF.ItemProperty.parse(type: box.type, content: &c, limits: .default)
    }

    @Test func ispeReadsWidthAndHeight() throws {
        let p = try parse(BMFFBuilder.fullBox("ispe") { b in b.u32(768); b.u32(576) })
        #expect(p == .ispe(HEIF.ImageSpatialExtents(width: 768, height: 576)))
        #expect(throws: ParseError(.truncated, at: 16, path: "")) { try self.parse(BMFFBuilder.fullBox("ispe") { b in b.u32(768) }) }
        #expect(throws: ParseError(.unsupportedVersion, at: 8, path: "")) {
            try self.parse(BMFFBuilder.fullBox("ispe", version: 1) { b in b.u32(1); b.u32(1) })
        }
        #expect(throws: ParseError(.trailingBytes, at: 20, path: "")) {
            try self.parse(BMFFBuilder.fullBox("ispe") { b in b.u32(1); b.u32(1); b.u8(0) })
        }
    }

    @Test func pixiReadsBitsPerChannel() throws {
        guard case .pixi(let p) = try parse(BMFFBuilder.fullBox("pixi") { b in b.u8(3); b.bytes([8, 8, 8]) }) else {
            Issue.record("not pixi"); return
        }
        #expect(p.bitsPerChannel == [8, 8, 8])
        #expect(throws: ParseError(.truncated, at: 13, path: "")) {
            try self.parse(BMFFBuilder.fullBox("pixi") { b in b.u8(3); b.bytes([8]) })
        }
    }

    @Test func auxCKeepsURNAndSubtypeRange() throws {
        guard case .auxC(let a) = try parse(BMFFBuilder.fullBox("auxC") { b in
            b.cString("urn:mpeg:hevc:2015:auxid:2"); b.bytes(HEIFFixture.appleDepthSEI)
        }) else { Issue.record("not auxC"); return }
        #expect(a.auxType == "urn:mpeg:hevc:2015:auxid:2")
        #expect(a.subtypeRange == 39..<60)
        guard case .auxC(let e) = try parse(BMFFBuilder.fullBox("auxC") { b in b.cString("urn:mpeg:hevc:2015:auxid:1") }) else {
            Issue.record("not auxC"); return
        }
        #expect(e.subtypeRange?.isEmpty == true)
        #expect(throws: ParseError(.badString, at: 12, path: "")) {
            try self.parse(BMFFBuilder.fullBox("auxC") { b in b.ascii("urn:x") })
        }
    }

    @Test func irotAndImirKeepTheirLowBits() throws {
        #expect(try parse(BMFFBuilder.box("irot") { b in b.u8(0xFF) }) == .irot(HEIF.ImageRotation(angle: 3)))
        let r = try #require(try parse(BMFFBuilder.box("irot") { b in b.u8(1) }).irotValue)
        #expect(r.degrees == 90)
        guard case .imir(let m) = try parse(BMFFBuilder.box("imir") { b in b.u8(0xFF) }) else { Issue.record("not imir"); return }
        #expect(m.axis == 1)
        #expect(throws: ParseError(.truncated, at: 8, path: "")) { try self.parse(BMFFBuilder.box("irot")) }
        #expect(throws: ParseError(.trailingBytes, at: 9, path: "")) { try self.parse(BMFFBuilder.box("imir") { b in b.u16(0) }) }
    }

    @Test func clapOffsetsAreSigned() throws {
        guard case .clap(let c) = try parse(BMFFBuilder.box("clap") { b in
            b.u32(375); b.u32(1); b.u32(500); b.u32(1); b.u32(UInt32(bitPattern: -1)); b.u32(2); b.u32(0); b.u32(1)
        }) else { Issue.record("not clap"); return }
        #expect(c.width == 375 && c.height == 500 && c.horizOffN == -1 && c.horizOffD == 2 && c.vertOffN == 0)
        #expect(throws: ParseError(.truncated, at: 36, path: "")) {
            try self.parse(BMFFBuilder.box("clap") { b in for _ in 0..<7 { b.u32(1) } })
        }
    }

    @Test func colrReadsNclxAndICC() throws {
        guard case .colr(let n) = try parse(BMFFBuilder.box("colr") { b in
            b.fourCC("nclx"); b.u16(1); b.u16(13); b.u16(6); b.u8(0x80)
        }) else { Issue.record("not colr"); return }
        #expect(n.value == .nclx(colourPrimaries: 1, transferCharacteristics: 13, matrixCoefficients: 6, fullRange: true))
        let i = try #require(try parse(BMFFBuilder.box("colr") { b in b.fourCC("prof"); b.bytes([1, 2, 3]) }).colrValue)
        #expect(i.value == .icc(12..<15))
        let u = try #require(try parse(BMFFBuilder.box("colr") { b in b.fourCC("abcd"); b.u8(1) }).colrValue)
        #expect(u.value == .unknown(12..<13))
        #expect(throws: ParseError(.truncated, at: 16, path: "")) {
            try self.parse(BMFFBuilder.box("colr") { b in b.fourCC("nclx"); b.u16(1); b.u16(13); b.u8(6) })
        }
    }

    @Test func av1CReadsTheFixedBytes() throws {
        guard case .av1C(let a) = try parse(BMFFBuilder.box("av1C") { b in b.bytes([0x81, 0x2D, 0x5C, 0x00, 0x0A]) }) else {
            Issue.record("not av1C"); return
        }
        #expect(a.marker && a.version == 1 && a.seqProfile == 1 && a.seqLevelIdx0 == 13)
        #expect(a.seqTier0 == 0 && a.highBitdepth && !a.twelveBit && a.monochrome && a.chromaSubsamplingX && a.chromaSubsamplingY)
        #expect(a.bitDepth == 10 && a.configOBUsRange == 12..<13)
        #expect(throws: ParseError(.truncated, at: 11, path: "")) { try self.parse(BMFFBuilder.box("av1C") { b in b.bytes([0x81, 0, 0]) }) }
    }

    @Test func unknownPropertiesAreKeptByType() throws {
        #expect(try parse(BMFFBuilder.box("clli") { b in b.u32(1) }) == .other("clli"))
    }

    @Test func hvcCReadsConfigurationAndSPSSize() throws {
        let payload = HEIFFixture.hvcC(width: 16, height: 12, chromaFormatIDC: 0, profileIDC: 4)
        guard case .hvcC(let h) = try parse(BMFFBuilder.box("hvcC") { b in b.bytes(payload) }) else {
            Issue.record("not hvcC"); return
        }
        #expect(h.generalProfileIDC == 4 && h.chromaFormatIDC == 0 && h.bitDepthLuma == 8 && h.lengthSize == 4)
        #expect(h.arrays.count == 1 && h.arrays[0].nalUnitType == 33 && h.arrays[0].arrayCompleteness)
        let sps = try #require(h.sps)
        #expect(sps.generalProfileIDC == 4 && sps.chromaFormatIDC == 0)
        #expect(sps.picWidthInLumaSamples == 16 && sps.picHeightInLumaSamples == 16 && sps.confWinBottomOffset == 4)
        #expect(sps.croppedWidth == 16 && sps.croppedHeight == 12 && sps.bitDepthLuma == 8)
    }

    @Test func spsConformanceWindowScalesByChromaSubsampling() throws {
        // 4:2:0 → SubWidthC = SubHeightC = 2: 375×500 is coded as 376×504 with offsets (0,1,0,2).
        let nal = HEIFFixture.sps(width: 375, height: 500, chromaFormatIDC: 1, profileIDC: 1)
        let s = try HEIF.HEVCSequenceParameterSet(nalUnit: nal[...], offset: 0, path: "")
        #expect(s.picWidthInLumaSamples == 376 && s.picHeightInLumaSamples == 504)
        #expect(s.confWinRightOffset == 0 && s.confWinBottomOffset == 2)
        #expect(s.croppedWidth == 376 && s.croppedHeight == 500)
        let odd = HEIFFixture.sps(width: 376, height: 500, chromaFormatIDC: 3, bitDepth: 10, profileIDC: 4)
        let t = try HEIF.HEVCSequenceParameterSet(nalUnit: odd[...], offset: 0, path: "")
        #expect(t.croppedWidth == 376 && t.croppedHeight == 500 && t.bitDepthLuma == 10 && !t.separateColourPlane)
    }

    @Test func spsEmulationPreventionBytesAreRemoved() throws {
        #expect(BitReader.rbsp([0, 0, 3, 1, 0, 0, 3, 0, 0, 3]) == [0, 0, 1, 0, 0, 0, 0])
        let nal = HEIFFixture.sps(width: 64, height: 48, chromaFormatIDC: 1, profileIDC: 1)
        #expect(nal.count > BitReader.rbsp(nal).count)
    }

    @Test func spsBadCasesAreReported() throws {
        let nal = HEIFFixture.sps(width: 64, height: 48, chromaFormatIDC: 1, profileIDC: 1)
        #expect(throws: ParseError(.truncated, at: 100, path: "")) {
            try HEIF.HEVCSequenceParameterSet(nalUnit: nal.prefix(14), offset: 100, path: "")
        }
        #expect(throws: ParseError(.spsInvalid, at: 7, path: "")) {
            try HEIF.HEVCSequenceParameterSet(nalUnit: [0x40, 0x01, 0, 0][...], offset: 7, path: "")
        }
        var r = BitReader([0, 0, 0, 0, 0xFF], offset: 3, path: "", codes: .parameterSet)
        #expect(throws: ParseError(.spsInvalid, at: 3, path: "")) { try r.ue() }
        var t = BitReader([0x01], offset: 5, path: "", codes: .parameterSet)
        #expect(throws: ParseError(.truncated, at: 5, path: "")) { try t.ue() }
    }

    @Test func hvcCWithBrokenSPSKeepsTheConfiguration() throws {
        var payload = HEIFFixture.hvcC(width: 16, height: 12, chromaFormatIDC: 0, profileIDC: 4)
        // Keep the SPS NAL length but zero its bytes after the header: the parameters are garbage.
        for i in 30..<payload.count { payload[i] = 0 }
        let h = try #require(try parse(BMFFBuilder.box("hvcC") { b in b.bytes(payload) }).hvcCValue)
        #expect(h.sps == nil && h.spsError?.code == .spsInvalid)
    }

    @Test func hvcCBadCasesAreReported() throws {
        let payload = HEIFFixture.hvcC(width: 16, height: 12, chromaFormatIDC: 0, profileIDC: 4)
        #expect(throws: ParseError(.truncated, at: 36, path: "")) {
            try self.parse(BMFFBuilder.box("hvcC") { b in b.bytes(payload.prefix(payload.count - 1)) })
        }
        var many = Array(payload.prefix(23)); many[22] = 1
        many += [0xA1, 0x7F, 0xFF]
        #expect(throws: ParseError(.truncated, at: 32, path: "")) { try self.parse(BMFFBuilder.box("hvcC") { b in b.bytes(many) }) }
        #expect(throws: ParseError(.trailingBytes, at: 8 + payload.count, path: "")) {
            try self.parse(BMFFBuilder.box("hvcC") { b in b.bytes(payload); b.u8(0) })
        }
    }

    @Test func gridDescriptorHasSixteenOrThirtyTwoBitSizes() throws {
        var r = ByteReader([0, 0, 5, 7, 0x0F, 0xC0, 0x0B, 0xD0])
        let g = try HEIF.ImageGrid(parsing: &r)
        #expect(g.rows == 6 && g.columns == 8 && g.outputWidth == 4032 && g.outputHeight == 3024)
        var w = ByteReader([0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 9])
        let g2 = try HEIF.ImageGrid(parsing: &w)
        #expect(g2.outputWidth == 65536 && g2.outputHeight == 9 && g2.rows == 1)
        var v = ByteReader([1, 0, 0, 0, 0, 1, 0, 1])
        #expect(throws: ParseError(.unsupportedVersion, at: 0, path: "")) { try HEIF.ImageGrid(parsing: &v) }
        var t = ByteReader([0, 1, 0, 0, 0, 1, 0, 0])
        #expect(throws: ParseError(.truncated, at: 8, path: "")) { try HEIF.ImageGrid(parsing: &t) }
    }

    // MARK: ipco / ipma

    @Test func ipcoKeepsIndicesWhenAPropertyIsBroken() throws {
        var c = try boxContent(BMFFBuilder.box("ipco") { b in
            b.fullBox("ispe") { b in b.u32(1); b.u32(2) }
            b.fullBox("auxC") { b in b.ascii("no-nul") }
            b.box("irot") { b in b.u8(1) }
        })
        c.path = "meta/iprp/ipco"
        var ctx = BMFF.ParseContext(limits: .default)
        let p = try HEIF.ItemPropertyContainer(parsing: &c, context: &ctx, depth: 1)
        #expect(p.properties.map(\.index) == [1, 2, 3])
        #expect(p.properties[2].value == .irot(HEIF.ImageRotation(angle: 1)))
        guard case .invalid(let e) = p.properties[1].value else { Issue.record("not invalid"); return }
        #expect(e == ParseError(.badString, at: 40, path: ""))
        #expect(e.path == "meta/iprp/ipco[2]:auxC")
        #expect(ctx.issues == [e])
    }

    @Test func ipmaReadsSevenAndFifteenBitIndices() throws {
        var c = try boxContent(BMFFBuilder.fullBox("ipma") { b in
            b.u32(2)
            b.u16(1); b.u8(2); b.u8(0x81); b.u8(0x02)
            b.u16(2); b.u8(1); b.u8(0x7F)
        })
        let m = try HEIF.ItemPropertyAssociation(parsing: &c, limits: .default)
        #expect(m.entries.map(\.itemID) == [1, 2])
        #expect(m.entries[0].associations.map { [$0.essential ? 1 : 0, $0.propertyIndex] } == [[1, 1], [0, 2]])
        #expect(m.entries[1].associations[0].propertyIndex == 127)
        var w = try boxContent(BMFFBuilder.fullBox("ipma", version: 1, flags: 1) { b in
            b.u32(1); b.u32(70_000); b.u8(1); b.u16(0x8123)
        })
        let m2 = try HEIF.ItemPropertyAssociation(parsing: &w, limits: .default)
        #expect(m2.entries[0].itemID == 70_000 && m2.entries[0].associations[0].propertyIndex == 0x123
                && m2.entries[0].associations[0].essential)
    }

    @Test func ipmaBadCasesAreReported() throws {
        var count = try boxContent(BMFFBuilder.fullBox("ipma") { b in b.u32(1000); b.u16(1); b.u8(0) })
        #expect(throws: ParseError(.truncated, at: 12, path: "")) { try HEIF.ItemPropertyAssociation(parsing: &count, limits: .default) }
        var short = try boxContent(BMFFBuilder.fullBox("ipma", flags: 1) { b in b.u32(1); b.u16(1); b.u8(1); b.u8(0x81) })
        #expect(throws: ParseError(.truncated, at: 19, path: "")) { try HEIF.ItemPropertyAssociation(parsing: &short, limits: .default) }
        var version = try boxContent(BMFFBuilder.fullBox("ipma", version: 2) { b in b.u32(0) })
        #expect(throws: ParseError(.unsupportedVersion, at: 8, path: "")) { try HEIF.ItemPropertyAssociation(parsing: &version, limits: .default) }
    }
}

@Suite struct HEVCRealSPSTests {
    @Test func x265SPSWithAddedConformanceWindowIsCropped() throws {
        let record = HEIFFixture.hvcC(HEIFFixture.x265Depth64HvcC, cropRight: 48, bottom: 52)
        var r = ByteReader(record)
        let h = try HEIF.HEVCConfiguration(parsing: &r)
        #expect(h.arrays.map(\.nalUnitType) == [32, 33, 34])
        let s = try #require(h.sps)
        #expect(s.generalProfileIDC == 4 && s.chromaFormatIDC == 0)
        #expect(s.picWidthInLumaSamples == 64 && s.picHeightInLumaSamples == 64)
        #expect(s.confWinRightOffset == 48 && s.confWinBottomOffset == 52)
        #expect(s.croppedWidth == 16 && s.croppedHeight == 12)
        var p = ByteReader(HEIFFixture.hvcC(HEIFFixture.x265Primary64HvcC, cropRight: 0, bottom: 16))
        let ps = try #require(try HEIF.HEVCConfiguration(parsing: &p).sps)
        #expect(ps.generalProfileIDC == 3 && ps.chromaFormatIDC == 1 && ps.confWinBottomOffset == 8)
        #expect(ps.croppedWidth == 64 && ps.croppedHeight == 48)
    }

    @Test func unchangedX265SPSCodesTheWholeCTU() throws {
        var r = ByteReader(HEIFFixture.x265Primary64HvcC)
        let s = try #require(try HEIF.HEVCConfiguration(parsing: &r).sps)
        #expect(s.croppedWidth == 64 && s.croppedHeight == 64 && s.bitDepthLuma == 8)
    }
}

/// One kind of property's payload, or nil for another kind, so a test can `try #require` it.
private extension HEIF.ItemProperty {
    var irotValue: HEIF.ImageRotation? { if case .irot(let r) = self { r } else { nil } }
    var colrValue: HEIF.ColourInformation? { if case .colr(let c) = self { c } else { nil } }
    var hvcCValue: HEIF.HEVCConfiguration? { if case .hvcC(let h) = self { h } else { nil } }
}

/// `pixi` with flags & 1 (ISO/IEC 23008-12:2024/Amd 2): one byte of channel_idc,
/// component_format and two flags a channel, a subsampling byte and a label when flagged.
@Suite struct ExtendedPixelInformationTests {
    static func parse(_ bytes: [UInt8]) throws -> HEIF.PixelInformation {
        var r = ByteReader(bytes)
        var ctx = BMFF.ParseContext(limits: .default)
        let box = try ctx.nextBox(in: &r, depth: 0) { .child(of: "", $0) }
        var c = box.content
        guard case .pixi(let p) = try HEIF.ItemProperty.parse(type: box.type, content: &c, limits: .default) else {
            throw ParseError(.truncated, at: 0, path: "", "not pixi")
        }
        return p
    }

    @Test func perChannelFieldsAreReadAndWrittenBack() throws {
        // Y 4:4:4; Cb 4:2:0 location 2 and a label "Cb"; alpha (channel_idc 1) without either.
        let box = BMFFBuilder.fullBox("pixi", flags: 1) { b in
            b.u8(3); b.bytes([10, 10, 10])
            b.bytes([0x02, 0x00]); b.bytes([0x03, 0x22]); b.cString("Cb"); b.bytes([0x20])
        }
        let p = try Self.parse(box)
        #expect(p.flags == 1 && p.bitsPerChannel == [10, 10, 10])
        #expect(p.channels.map(\.channelIDC) == [0, 0, 1])
        #expect(p.channels.map(\.subsamplingType) == [0, 2, nil])
        #expect(p.channels.map(\.subsamplingLocation) == [0, 2, nil])
        #expect(p.channels.map(\.label) == [nil, Array("Cb".utf8), nil])
        #expect(p.channels.map(\.componentFormat) == [0, 0, 0])
        var w = ByteWriter()
        p.write(to: &w)
        #expect(w.bytes == box)
    }

    @Test func aLabelWithoutItsNULOrAMissingByteIsAnError() throws {
        #expect(throws: ParseError.self) {
            try Self.parse(BMFFBuilder.fullBox("pixi", flags: 1) { b in b.u8(1); b.u8(8); b.u8(0x01); b.bytes(Array("Y".utf8)) })
        }
        #expect(throws: ParseError.self) {
            try Self.parse(BMFFBuilder.fullBox("pixi", flags: 1) { b in b.u8(1); b.u8(8); b.u8(0x02) })
        }
    }

    /// libavif's extended_pixi.avif: three 8-bit channels, Y 4:4:4 and Cb, Cr 4:2:0 at
    /// location 0 (vertical), read without a malformed-file error and written back to the byte
    /// (the box is at offset 197).
    @Test(.requires(.fieldFile("libavif-extended-pixi.avif")))
    func libavifExtendedPixiReads() throws {
        let bytes = try TestData.fieldBytes("libavif-extended-pixi.avif")
        let file = try HEIF.File(parsing: bytes)
        let pixi = try #require(file.properties(of: 1).lazy.compactMap { p -> HEIF.PixelInformation? in
            if case .pixi(let x) = p.value { return x } else { return nil }
        }.first)
        #expect(pixi.flags == 1 && pixi.bitsPerChannel == [8, 8, 8])
        #expect(pixi.channels.map(\.header) == [0x02, 0x02, 0x02] && pixi.channels.map(\.subsampling) == [0x00, 0x20, 0x20])
        var w = ByteWriter()
        pixi.write(to: &w)
        #expect(w.bytes == Array(bytes[0xC5..<(0xC5 + 22)]))
    }
}
