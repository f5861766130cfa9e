import AuxData
import Container
import Foundation
import Testing
import TestSupport

/// A colour gain map (ISO 21496-1 multichannel, or hdrgm per-channel fields as an `rdf:Seq` of
/// three) decodes to red, green and blue; every other image, and a gain map whose metadata
/// names one channel, decodes to one.
@Suite struct ColourGainMapTests {
    static func gainMap(_ bytes: [UInt8]) throws -> (ParsedPhoto, ParsedAuxImage) {
        let photo = try PhotoReader.read(bytes)
        return (photo, try #require(photo.auxImages.first { $0.kind == .hdrGainMap }))
    }

    @Test func hdrgmSequenceOfThreeMakesAColourGainMap() throws {
        let (photo, map) = try Self.gainMap(UltraHDRFixture.colourPhoto())
        #expect(map.index == 2 && map.coded.components == 3 && map.coded.width == 16 && map.coded.height == 12)
        #expect(map.gainMapChannels == 3 && map.decodesInColour)
        #expect(map.adobeGainMap?.gainMapMax == [2.0, 1.5, 1.0])
        let image = try AuxDecoder(photo: photo, bytes: UltraHDRFixture.colourPhoto()).storedImage(map)
        #expect(image.layout == StoredLayout(width: 16, height: 12, bitDepth: 8, codec: .jpeg, channels: 3))
        #expect(image.samples.count == 16 * 12 * 3)
    }

    /// The samples are libjpeg's RGB, as `djpeg` (an independent decoder) writes them in a PPM.
    @Test(.requires(.tool("djpeg")))
    func colourSamplesAreDjpegs() throws {
        let bytes = UltraHDRFixture.colourPhoto()
        let (photo, map) = try Self.gainMap(bytes)
        let image = try AuxDecoder(photo: photo, bytes: bytes).storedImage(map)
        let range = try #require(map.coded.dataRange)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("colour-gain-map-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("g.jpg").path
        #expect(FileBytes.write(Array(bytes[range]), to: path))
        let r = try Tools.run(try #require(Tools.which("djpeg")), ["-ppm", path])
        #expect(r.status == 0)
        let header = Array("P6\n16 12\n255\n".utf8)
        #expect(Array(r.stdout.prefix(header.count)) == header)
        #expect(image.samples.map { UInt8($0) } == Array(r.stdout.dropFirst(header.count)))
        // The picture as made: red rises to the right, green downwards, blue falls to the right.
        #expect(image.sample(x: 15, y: 0, channel: 0) > 200 && image.sample(x: 0, y: 0, channel: 0) < 30)
        #expect(image.sample(x: 0, y: 11, channel: 1) > 190 && image.sample(x: 0, y: 0, channel: 1) < 30)
        #expect(image.sample(x: 0, y: 0, channel: 2) > 220 && image.sample(x: 15, y: 0, channel: 2) < 30)
    }

    /// Per-channel counts and statistics beside those of all samples.
    @Test func statisticsPerChannel() throws {
        let bytes = UltraHDRFixture.colourPhoto()
        let (photo, map) = try Self.gainMap(bytes)
        let decoder = AuxDecoder(photo: photo, bytes: bytes)
        let image = try decoder.storedImage(map)
        let summary = try #require(AuxPixelSummary.of(map, decoder: decoder).decoded)
        #expect(summary.layout.channels == 3 && summary.counts.sampleCount == 576)
        #expect(summary.counts.channelCounts.map { $0.reduce(0, +) } == [192, 192, 192])
        #expect(summary.statistics.channels.count == 3)
        for c in 0..<3 {
            let values = stride(from: c, to: image.samples.count, by: 3).map { Double(image.samples[$0]) / 255 }
            let s = summary.statistics.channels[c]
            #expect(s.min == values.min() && s.max == values.max())
            #expect(abs(s.mean - values.reduce(0, +) / 192) < 1e-12)
        }
    }

    /// A gray gain map, and a 3-component JPEG whose hdrgm names one channel, decode to one.
    @Test func oneChannelMetadataDecodesToOneChannel() throws {
        let (grayPhoto, gray) = try Self.gainMap(UltraHDRFixture.photo())
        #expect(gray.gainMapChannels == 1 && !gray.decodesInColour)
        #expect(try AuxDecoder(photo: grayPhoto, bytes: UltraHDRFixture.photo()).storedImage(gray).layout.channels == 1)
        // The colour picture under scalar hdrgm fields: its luma.
        let bytes = JPEGFixture.multiPicture(primaryBefore: [], secondaries: [UltraHDRFixture.colourGainMap(scalarFields: true)])
        let photo = try PhotoReader.read(bytes)
        let one = try #require(photo.auxImages.first)
        #expect(one.kind == .hdrGainMap && one.coded.components == 3 && one.gainMapChannels == 1 && !one.decodesInColour)
        #expect(try AuxDecoder(photo: photo, bytes: bytes).storedImage(one).layout.channels == 1)
    }

    /// libavif's AVIF: the tmap's ISO 21496-1 metadata is multichannel and the AV1 gain map has
    /// three components, so it decodes (libheif's AV1 decoder) to 400×300 red, green and blue.
    @Test(.requires(.fieldFile("libavif-tmap-gainmap.avif")))
    func avifToneMapGainMapDecodesInColour() throws {
        let bytes = try TestData.fieldBytes("libavif-tmap-gainmap.avif")
        let (photo, map) = try Self.gainMap(bytes)
        #expect(map.gainMapChannels == 3 && map.decodesInColour)
        let decoder = AuxDecoder(photo: photo, bytes: bytes)
        let summary = try #require(AuxPixelSummary.of(map, decoder: decoder).decoded)
        #expect(summary.layout == StoredLayout(width: 400, height: 300, bitDepth: 8, codec: .av1, channels: 3))
        #expect(summary.counts.channelCounts.map { $0.reduce(0, +) } == [120_000, 120_000, 120_000])
        // Sums of the stored samples of each channel, as libheif 1.15 to 1.19 decode them.
        let sums = summary.counts.channelCounts.map { c in c.enumerated().reduce(0) { $0 + $1.offset * $1.element } }
        #expect(sums == Self.avifChannelSums)
    }

    static let avifChannelSums = [16_094_028, 16_470_006, 16_960_713]
}
