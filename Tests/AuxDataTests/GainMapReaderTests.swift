import Testing
import AuxData
import Container
import TestSupport
import Validator

/// Gain maps as Ultra HDR, ISO 21496-1 and HEIF `tmap` files carry them are aux images of kind
/// `hdrGainMap`, found wherever the format locates them, with the metadata each carries; an
/// Apple depth JPEG (MP type 0, no gain map metadata) gets none.
@Suite struct GainMapReaderTests {
    @Test func ultraHDRGainMapIsReadThroughTheMPIndex() throws {
        let bytes = UltraHDRFixture.photo()
        let photo = try PhotoReader.read(bytes)
        #expect(photo.auxImages.map(\.kind) == [.hdrGainMap])
        let map = try #require(photo.auxImages.first)
        #expect(map.index == 2 && map.coded.width == 16 && map.coded.height == 12 && map.coded.components == 1)
        #expect(map.adobeGainMap?.gainMapMax == [2.0] && map.adobeGainMap?.version == "1.0")
        #expect(map.coded.dataRange?.count == UltraHDRFixture.gainMap().count)
        let d = try #require(photo.gainMapDeclaration)
        #expect(d.adobeVersion?.value == "1.0" && d.declaresGainMap && d.isoSegment == nil)
        #expect(d.directory?.items.map(\.semantic) == ["Primary", "GainMap"])
        #expect(d.directory?.items.last?.length == UltraHDRFixture.gainMap().count)
        #expect(d.directory?.gainMapPosition == 0)
    }

    /// With no MP index, the directory's lengths locate the gain map after the primary's EOI.
    @Test func theDirectoryLocatesTheGainMapWithoutAnMPIndex() throws {
        let bytes = UltraHDRFixture.photo(mpf: false)
        let map = UltraHDRFixture.gainMap()
        let photo = try PhotoReader.read(bytes)
        let aux = try #require(photo.auxImages.first)
        #expect(photo.auxImages.count == 1 && aux.kind == .hdrGainMap && aux.index == 2)
        #expect(aux.coded.dataRange == (bytes.count - map.count)..<bytes.count)
        #expect(aux.coded.location.path == "Container:Directory/Item[2]" && aux.coded.location.offset == bytes.count - map.count)
        #expect(aux.coded.width == 16 && aux.coded.height == 12)
    }

    /// ISO 21496-1 Annex C: the version-only segment in the primary, the metadata in the gain
    /// map image (one channel, separate fractions), read as the tmap's metadata is.
    @Test func isoSegmentsAreRead() throws {
        let photo = try PhotoReader.read(UltraHDRFixture.photo(iso: true))
        let iso = try #require(photo.gainMapDeclaration?.isoSegment)
        #expect(iso.isVersionOnly && iso.minimumVersion == 0 && iso.writerVersion == 0)
        let tone = try #require(photo.auxImages.first?.toneMaps.first)
        #expect(tone.itemID == 2 && tone.toneMap.minimumVersion == 0)
        let m = try #require(tone.toneMap.metadata)
        #expect(m.channels.count == 1 && !m.isMultichannel && !m.usesCommonDenominator)
        #expect(m.channels[0].gainMapMax == HEIF.Fraction(2, 1) && m.channels[0].baseOffset == HEIF.Fraction(1, 64))
        #expect(m.alternateHdrHeadroom.value == 2)
    }

    /// The common-denominator form (flags bit 3, libultrahdr's when every denominator agrees)
    /// reads to the same values and writes back byte for byte.
    @Test func commonDenominatorFormRoundTrips() throws {
        var w = ByteWriter()
        w.u8(0x08); w.u32(64)
        w.u32(0); w.u32(128)                                            // headrooms 0, 2
        for v: Int32 in [0, 128, 64, 1, 1] { w.u32(UInt32(bitPattern: v)) }  // min, max, gamma, offsets
        var r = ByteReader(w.bytes)
        let m = try HEIF.GainMapMetadata(parsing: &r)
        #expect(r.isAtEnd && m.usesCommonDenominator && m.channels.count == 1)
        #expect(m.channels[0].gainMapMax.value == 2 && m.channels[0].gamma.value == 1 && m.channels[0].baseOffset == HEIF.Fraction(1, 64))
        var back = ByteWriter()
        m.write(to: &back)
        #expect(back.bytes == w.bytes)
    }

    /// An editor's export that kept the XMP and dropped the image, and a gain map image the
    /// primary does not declare: both are `gainmap.orphaned`, at the declaration and at the image.
    @Test func orphansAreFindingsBothWays() throws {
        func errors(_ bytes: [UInt8]) -> [RuleFinding] {
            Validation.check(bytes: bytes, path: "t.jpg", options: CheckOptions()).findings.filter { $0.rule.rawValue == "gainmap.orphaned" }
        }
        let dropped = errors(UltraHDRFixture.photo(mpf: false, gainMap: false))
        #expect(dropped.map(\.message) == ["the primary declares a gain map (hdrgm:Version in the primary's XMP, a GContainer GainMap item of \(UltraHDRFixture.gainMap().count) bytes) but no image in the file holds it"])
        let undeclared = errors(UltraHDRFixture.photo(declare: false))
        #expect(undeclared.map(\.message) == ["image 2 is a gain map (its own hdrgm XMP) that the primary does not declare"])
        #expect(undeclared.first?.path == "MPImage[2]")
        #expect(errors(UltraHDRFixture.photo()).isEmpty && errors(UltraHDRFixture.photo(iso: true)).isEmpty)
        // An Apple depth JPEG: its disparity image carries no gain map metadata, and is no orphan.
        #expect(errors(JPEGFixture.demoDisparity()).isEmpty)
    }

    /// A directory whose GainMap item is one byte long, that byte the file's last: read without
    /// looking past the end, and the gain map it names is missing.
    @Test func aOneByteDirectoryItemAtTheEndIsNoImage() throws {
        let bytes = UltraHDRFixture.photo(lengthDelta: 1 - UltraHDRFixture.gainMap().count, mpf: false, gainMap: false) + [0xFF]
        let photo = try PhotoReader.read(bytes)
        #expect(photo.auxImages.isEmpty)
        let report = Validation.check(bytes: bytes, path: "t.jpg", options: CheckOptions())
        #expect(report.findings.map(\.rule).contains(.gainmapOrphaned))
    }

    @Test(.requires(.fieldFile("ultrahdr-pixel-original.jpg")))
    func pixelOriginalHasItsGainMap() throws {
        let photo = try PhotoReader.read(try TestData.fieldBytes("ultrahdr-pixel-original.jpg"))
        let map = try #require(photo.auxImages.first)
        #expect(photo.auxImages.count == 1 && map.kind == .hdrGainMap && map.index == 2)
        #expect(map.coded.width == 1020 && map.coded.height == 768 && map.coded.components == 1)
        #expect(map.coded.dataRange?.count == 62_570)
        #expect(photo.gainMapDeclaration?.directory?.items.last?.length == 62_570)
        let report = Validation.check(bytes: try TestData.fieldBytes("ultrahdr-pixel-original.jpg"), path: "p.jpg", options: CheckOptions())
        #expect(report.findings.filter { $0.severity != .note }.isEmpty, "\(report.findings.map { "\($0.rule.rawValue): \($0.message)" })")
    }

    @Test(.requires(.fieldFile("ultrahdr-orphaned-after-edit.jpg")))
    func editedExportIsOrphaned() throws {
        let report = Validation.check(bytes: try TestData.fieldBytes("ultrahdr-orphaned-after-edit.jpg"), path: "e.jpg", options: CheckOptions())
        #expect(report.findings.map(\.rule) == [.gainmapOrphaned])
        #expect(report.findings.first?.severity == .error && report.findings.first?.offset == 16_885)
    }

    /// libavif's AVIF gain map: the tmap item 2 takes the base 1 and the gain map 3 (AV1,
    /// three channels), which is listed with the tmap's metadata.
    @Test(.requires(.fieldFile("libavif-tmap-gainmap.avif")))
    func avifToneMapGainMapIsAnAuxImage() throws {
        let photo = try PhotoReader.read(try TestData.fieldBytes("libavif-tmap-gainmap.avif"))
        let map = try #require(photo.auxImages.first)
        #expect(photo.auxImages.count == 1 && map.kind == .hdrGainMap && map.index == 3 && map.coded.codec == .av1)
        #expect(map.coded.width == 400 && map.coded.height == 300 && map.coded.components == 3)
        #expect(map.geometry.masters == [1] && map.toneMaps.map(\.itemID) == [2])
        #expect(map.toneMaps.first?.toneMap.metadata?.channels.count == 3)
    }
}

/// An unmodified iPhone portrait HEIC gets no warning: its semantic mattes carry no
/// apdi:NativeFormat, which a matte (of one format only) does not need.
@Suite struct AppleMatteFormatTests {
    @Test(.requires(.fieldFile("apple-heic-portrait-semantic-mattes.heic")))
    func iPhoneSemanticMattesPassWithoutNativeFormat() throws {
        let bytes = try TestData.fieldBytes("apple-heic-portrait-semantic-mattes.heic")
        let report = Validation.check(bytes: bytes, path: "p.heic", options: CheckOptions())
        #expect(report.findings.isEmpty, "\(report.findings.map { "\($0.rule.rawValue): \($0.message)" })")
        let photo = try PhotoReader.read(bytes)
        #expect(photo.auxImages.filter { $0.kind == .semanticMatte }.count == 4)
        #expect(photo.auxImages.filter { $0.kind == .semanticMatte && $0.nativeFormat == nil }.count == 4)
    }

    @Test func mattesWithoutNativeFormatPassDisparityWithoutFails() throws {
        let good = try #require(GoodCorpus.all.first { $0.name == "jpeg-mattes-without-native-format.jpg" }).make()
        let report = Validation.check(bytes: good, path: "m.jpg", options: CheckOptions())
        #expect(report.findings.isEmpty, "\(report.findings.map { "\($0.rule.rawValue): \($0.message)" })")
        #expect(try PhotoReader.read(good).auxImages.map(\.kind) == [.disparity, .portraitEffectsMatte, .semanticMatte])
    }
}
