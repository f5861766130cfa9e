import Foundation
import Testing
import TestSupport
@testable import AuxData

/// The JPEG aux decoder against djpeg (libjpeg-turbo's own program) on the same aux stream,
/// for every real JPEG and every JPEG of Corpus/good: same samples, byte for byte, and values
/// that follow the file's apdi range formula.
@Suite struct AuxDecoderJPEGTests {
    static func jpegs() -> [String] {
        var out: [String] = []
        for dir in [TestData.corpus + "/good", TestData.realCorpus] {
            out += FileBytes.list(dir).filter { $0.lowercased().hasSuffix(".jpg") }.sorted().map { dir + "/" + $0 }
        }
        return out
    }

    /// djpeg's 8-bit gray decode of a JPEG stream, as (width, height, samples).
    static func djpeg(_ stream: [UInt8]) throws -> (Int, Int, [UInt8]) {
        let djpeg = try #require(Tools.which("djpeg"))
        let r = try Tools.run(djpeg, ["-grayscale", "-pnm"], input: stream)
        try #require(r.status == 0, "djpeg failed: \(r.stderr)")
        return try PGM.parse(r.stdout)
    }

    @Test(.requires(.tool("djpeg"), .realCorpus))
    func samplesEqualDjpegOnEveryJPEG() throws {
        var compared = 0
        for path in Self.jpegs() {
            let bytes = try #require(FileBytes.read(path))
            let photo = try PhotoReader.read(bytes)
            let decoder = AuxDecoder(photo: photo, bytes: bytes)
            for aux in photo.auxImages {
                let stream: [UInt8]
                if let r = aux.coded.dataRange {
                    stream = Array(bytes[r])
                } else if aux.auxType == "GDepth", aux.coded.codec == .jpeg, let d = photo.gdepth?.data {
                    stream = d
                } else {
                    continue
                }
                let image = try decoder.storedImage(aux)
                let (w, h, theirs) = try Self.djpeg(stream)
                #expect(image.width == w && image.height == h, "\(path) aux \(aux.index)")
                #expect(image.samples.map { UInt8($0) } == theirs, "\(path) aux \(aux.index): samples differ from djpeg")
                compared += 1
            }
        }
        // Corpus/good/jpeg-disparity.jpg, the iPhone X disparity, the ImageIO gain map, and the
        // 13 maps of the writer's JPEGs in Corpus/good.
        #expect(compared == 16)
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func iPhoneXDisparityValuesFollowTheApdiRange() throws {
        let bytes = try TestData.realBytes("apple-jpeg-disparity-iphonex.jpg")
        let photo = try PhotoReader.read(bytes)
        let aux = try #require(photo.auxImages.first { $0.kind == .disparity })
        let image = try AuxDecoder(photo: photo, bytes: bytes).storedImage(aux)
        #expect(image.layout == StoredLayout(width: 576, height: 768, bitDepth: 8, codec: .jpeg))
        let a = try #require(aux.apple)
        let (iMin, iMax, fMin, fMax) = (try #require(a.intMinValue), try #require(a.intMaxValue),
                                        try #require(a.floatMinValue), try #require(a.floatMaxValue))
        let mapping = ValueMapping.of(aux, in: photo, bitDepth: 8)
        #expect(mapping.source == "apdi")
        #expect(mapping.unit == .disparity)
        let table = mapping.table(as: nil)
        for i in stride(from: 0, to: image.samples.count, by: 997) {
            let v = Double(image.samples[i])
            let expected = fMin + (v - Double(iMin)) * (fMax - fMin) / Double(iMax - iMin)
            #expect(abs(Double(table[Int(v)]) - expected) <= 1e-6 * abs(expected))
        }
    }

    /// Decodes a bare JPEG stream with the aux decoder.
    static func decode(_ stream: [UInt8], maxPixels: Int, at location: AuxData.SourceLocation) -> (StoredImageCollector, AuxDecodeError?) {
        var sink = StoredImageCollector()
        do throws(AuxDecodeError) {
            try stream.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                try JPEGAuxDecoder.decode(p, maxPixels: maxPixels, at: location, into: &sink)
            }
            return (sink, nil)
        } catch {
            return (sink, error)
        }
    }

    /// A stream of SOF0 (ITU-T T.81 B.2.2) and SOS headers only, claiming width × height.
    static func headerOnly(width: UInt16, height: UInt16) -> [UInt8] {
        let sof = JPEGFixture.segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
                                             1, 1, 0x11, 0])
        let sos = JPEGFixture.segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        return [0xFF, 0xD8] + sof + sos + [0xFF, 0xD9]
    }

    @Test func aHeaderClaiming65535SquaredIsRefusedBeforeAllocating() throws {
        let at = AuxData.SourceLocation(offset: 0, path: "MPImage[2]")
        // libjpeg's own ceiling (JPEG_MAX_DIMENSION) refuses it in jpeg_read_header.
        let (sink, error) = Self.decode(Self.headerOnly(width: 65535, height: 65535), maxPixels: 256 << 20, at: at)
        #expect(error == AuxDecodeError(.undecodable, "Maximum supported image dimension is 65500 pixels", at: at))
        #expect(sink.image == nil)
        // Below that ceiling the pixel limit refuses it, before jpeg_start_decompress allocates.
        let (sink2, error2) = Self.decode(Self.headerOnly(width: 20000, height: 20000), maxPixels: 256 << 20, at: at)
        #expect(error2 == AuxDecodeError(.overLimit, "image of 20000x20000 exceeds the pixel limit", at: at))
        #expect(sink2.image == nil)
    }

    @Test func aTruncatedStreamIsUndecodableNotInvented() throws {
        let bytes = JPEGFixture.demoDisparity()
        let photo = try PhotoReader.read(bytes)
        let aux = try #require(photo.auxImages.first)
        let r = try #require(aux.coded.dataRange)
        let (_, error) = Self.decode(Array(bytes[r].dropLast(12)), maxPixels: 1 << 20, at: aux.location)
        #expect(error?.code == .undecodable)
        #expect(error?.location == aux.location)
    }
}

/// Binary PGM (P5) as djpeg and heif tools write it.
enum PGM {
    struct Malformed: Error {}
    static func parse(_ b: [UInt8]) throws -> (Int, Int, [UInt8]) {
        var fields: [Int] = []
        var i = 2
        guard b.count > 2, b[0] == UInt8(ascii: "P"), b[1] == UInt8(ascii: "5") else { throw Malformed() }
        while fields.count < 3 {
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
            var v = 0
            guard i < b.count, (0x30...0x39).contains(b[i]) else { throw Malformed() }
            while i < b.count, (0x30...0x39).contains(b[i]) { v = v * 10 + Int(b[i] - 0x30); i += 1 }
            fields.append(v)
        }
        i += 1
        guard fields[2] == 255, b.count - i == fields[0] * fields[1] else { throw Malformed() }
        return (fields[0], fields[1], Array(b[i...]))
    }
}
