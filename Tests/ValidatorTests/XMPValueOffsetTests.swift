import Testing
import TestSupport
import Container
import AuxData
@testable import Validator

/// A finding about one XMP value points at the property itself (its element's `<` or its
/// attribute's name) under the packet's path; without the property, at the packet.
@Suite struct XMPValueOffsetTests {
    static func badCase(_ name: String) throws -> [UInt8] {
        try #require(BadCorpus.all.first { $0.name == name }).make()
    }

    /// The only occurrence of `text` in `bytes`.
    static func only(_ text: String, in bytes: [UInt8]) throws -> Int {
        let found = ByteSearch.offsets(of: Array(text.utf8), in: bytes)
        try #require(found.count == 1, "\(text) occurs \(found.count) times")
        return found[0]
    }

    @Test func pixelFormatFindingPointsAtTheNativeFormatElement() throws {
        let bytes = try Self.badCase("disparity-native-l008.jpg")
        #expect(try outcome(of: PixelFormatAllowed(), bytes) == .failed([
            RuleFinding(rule: .dictionaryPixelFormatNotAllowed, severity: .error,
                    offset: try Self.only("<apdi:NativeFormat>", in: bytes), path: "MPImage[2]/APP1#1/XMP",
                    message: "disparity image 2 has native format 'L008' (1278226488); allowed: hdis, fdis, hdep, fdep"),
        ]))
    }

    @Test func attributeStylePropertiesPointAtTheirName() throws {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/"
                apdi:AuxiliaryImageType="disparity" apdi:StoredFormat="1278226488"
                apdi:NativeFormat="1278226488"/></rdf:RDF></x:xmpmeta>
            """
        let aux = JPEGFixture.image([JPEGFixture.xmp(packet),
                                     JPEGFixture.segment(0xE2, JPEGFixture.mpfPayload(entries: nil, numberOfImages: 2))])
        let bytes = JPEGFixture.multiPicture(secondaries: [aux])
        #expect(try outcome(of: PixelFormatAllowed(), bytes).findings.map(\.offset) == [try Self.only("apdi:NativeFormat=", in: bytes)])
    }

    @Test func rangeFindingPointsAtTheMinimumItNames() throws {
        let bytes = try Self.badCase("float-range-swapped.jpg")
        #expect(try outcome(of: FloatRangeInvalid(), bytes).findings.map(\.offset)
                == [try Self.only("<apdi:FloatMinValue>", in: bytes)])
    }

    @Test func aValueThatDoesNotConvertIsReportedAtItsElement() throws {
        let bytes = try Self.badCase("apdi-float-not-a-number.jpg")
        let report = Validation.check(bytes: bytes, path: "f", options: CheckOptions())
        #expect(report.findings.filter { $0.rule.rawValue == "structure.xmp.not-well-formed" } == [
            RuleFinding(rule: .structureXMPNotWellFormed, severity: .error,
                    offset: try Self.only("<apdi:FloatMaxValue>", in: bytes), path: "MPImage[2]/APP1#1/XMP",
                    message: "apdi:FloatMaxValue: 'two' is not a real number"),
        ])
    }

    @Test func aMissingValueIsReportedAtThePacket() throws {
        let photo = try PhotoReader.read(try Self.badCase("disparity-without-native-format.jpg"))
        let aux = try #require(photo.auxImages.first)
        #expect(aux.valueLocation(XMPNamespace.appleAux, "NativeFormat") == aux.descriptionLocation)
        #expect(aux.valueLocation(XMPNamespace.appleAux, "StoredFormat").offset != aux.descriptionLocation.offset)
    }
}
