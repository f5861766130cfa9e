@testable import AuxData
import Container
import Testing
import TestSupport

/// The Google depth writer below the command line: quantisation at the range's ends, the
/// description added to a primary's own XMP, and the Device description moved to Extended XMP
/// when the StandardXMP packet would outgrow its segment (Adobe XMP Part 3 §1.1.3.1).
@Suite struct GoogleDepthWriterTests {
    @Test func rangeInverseUsesBothEndsAndReadsBackTheEnds() throws {
        let depths: [Float] = [0.5, 1, 2, 4, 8, 8]
        let map = try #require(GoogleDepthMap.quantising(depths, width: 3, height: 2, format: .rangeInverse))
        #expect(map.near == 0.5 && map.far == 8)
        #expect(map.samples.first == 0 && map.samples.last == 255)
        // dn = far·(d − near)/(d·(far − near)): 1 m is 8·0.5/(1·7.5) = 0.5333 → 136.
        #expect(map.samples[1] == 136)
        #expect(map.depth(of: 0) == 0.5 && map.depth(of: 255) == 8)
    }

    @Test func aFlatMapGetsARangeOneFloatStepWideAndNonPositiveDepthsAreRefused() throws {
        let flat = try #require(GoogleDepthMap.quantising([Float](repeating: 2, count: 4), width: 2, height: 2, format: .rangeLinear))
        #expect(flat.near == 2 && flat.far == Double(Float(2).nextUp))
        #expect(flat.samples == [0, 0, 0, 0])
        #expect(GoogleDepthMap.quantising([Float](arrayLiteral: 0, 1, 2, 3), width: 2, height: 2, format: .rangeInverse) == nil)
        #expect(GoogleDepthMap.quantising([Float](arrayLiteral: 1, 2, 3), width: 2, height: 2, format: .rangeInverse) == nil)
    }

    /// A primary whose StandardXMP packet is already near its limit: the Device description
    /// goes to an Extended XMP packet the StandardXMP names, and the reader finds it there.
    @Test func aFullStandardPacketSendsTheDeviceDescriptionToExtendedXMP() throws {
        let filler = String(repeating: "x", count: 64_000)
        let packet = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" dc:format=\"\(filler)\"/>"
            + "</rdf:RDF></x:xmpmeta>"
        let input = JPEGFixture.image([JPEGFixture.xmp(packet)], body: JPEGFixture.color64x48Body)
        let map = try #require(GoogleDepthMap.quantising((0..<192).map { 1 + Float($0) / 64 }, width: 16, height: 12, format: .rangeInverse))
        let out = try AuxEmbedder.edit(input, removing: [], adding: [], google: GoogleDepthEmbedding(layout: .dynamicDepth, map: map))
        let file = try JPEG.File(parsing: out)
        let standard = try #require(file.primary.xmp)
        let text = String(decoding: out[standard.packet], as: UTF8.self)
        #expect(text.contains(filler) && text.contains("HasExtendedXMP") && !text.contains("Device:"))
        #expect(file.primary.extendedXMP.count == 1)
        let photo = try PhotoReader.read(out)
        #expect(photo.issues.isEmpty, "\(photo.issues)")
        #expect(photo.auxImages.map(\.kind) == [.depth, .confidence])
        #expect(photo.auxImages.map(\.index) == [2, 3])
        #expect(photo.dynamicDepth?.cameras.first?.depthMap?.near == 1)
    }

    /// GDepth needs the one Extended XMP packet a JPEG has: a primary that uses it is refused.
    @Test func gdepthIsRefusedWhereAnExtendedPacketExists() throws {
        let ext = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" dc:format=\"a\"/></rdf:RDF></x:xmpmeta>".utf8)
        let note = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\" xmlns:xmpNote=\"http://ns.adobe.com/xmp/note/\" xmpNote:HasExtendedXMP=\"\(MD5.hexDigest(ext))\"/></rdf:RDF></x:xmpmeta>"
        let input = JPEGFixture.image([JPEGFixture.xmp(note)] + JPEGFixture.extendedXMP(ext, chunkSize: 65_000), body: JPEGFixture.color64x48Body)
        let map = try #require(GoogleDepthMap.quantising([Float](arrayLiteral: 1, 2, 3, 4), width: 2, height: 2, format: .rangeInverse))
        #expect(throws: WriteError.self) {
            _ = try AuxEmbedder.edit(input, removing: [], adding: [], google: GoogleDepthEmbedding(layout: .gdepth, map: map))
        }
        do {
            _ = try AuxEmbedder.edit(input, removing: [], adding: [], google: GoogleDepthEmbedding(layout: .gdepth, map: map))
        } catch {
            #expect(error.reason == .cannotAdd)
        }
    }
}
