import Testing
import Container
@testable import AuxData

/// XMP packets in encodings other than UTF-8. XMP is serialized as UTF-8, UTF-16 or UTF-32
/// (Adobe XMP Specification, Part 1), but an XML declaration may name any encoding (XML 1.0
/// §4.3.3). libxml2 is linked in without ICU: it converts with its own converters and the C
/// library's iconv, and an encoding neither knows is a finding, never a crash.
@Suite struct XMPEncodingTests {
    static func packet(encoding: String, value: [UInt8]) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>".utf8) + XMPDocumentTests.packet("""
        <rdf:Description rdf:about="" xmlns:d="http://ns.example/d/" d:a="VALUE"/>
        """).split(separator: Array("VALUE".utf8)).joined(separator: value)
    }

    @Test func utf16IsReadByLibxml2sOwnConverter() throws {
        var bytes: [UInt8] = [0xFE, 0xFF]  // a byte order mark: big-endian UTF-16 (XML 1.0 §4.3.3)
        for unit in String(decoding: Self.packet(encoding: "UTF-16", value: Array("d é".utf8)), as: UTF8.self).utf16 {
            bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        let doc = try XMPDocument(parsing: bytes, at: 0, path: "t")
        #expect(doc.properties.map(\.value) == [.text("d é")])
    }

    @Test func anEncodingTheCLibraryKnowsIsConvertedByIconv() throws {
        // ISO-8859-15 is not one of libxml2's built-in converters; 0xA4 is its euro sign.
        let bytes = Self.packet(encoding: "ISO-8859-15", value: [0x31, 0x20, 0xA4])
        let doc = try XMPDocument(parsing: bytes, at: 0, path: "t")
        #expect(doc.properties.map(\.value) == [.text("1 €")])
    }

    @Test func anEncodingNoConverterKnowsIsAParseError() {
        let bytes = Self.packet(encoding: "X-NO-SUCH-ENCODING", value: Array("1".utf8))
        do {
            _ = try XMPDocument(parsing: bytes, at: 40, path: "APP1#1/XMP")
            Issue.record("a packet in an unknown encoding was read")
        } catch {
            #expect(error.code == .xmpNotWellFormed)
            #expect(error.path == "APP1#1/XMP")
            #expect(error.message.hasPrefix("Unsupported encoding X-NO-SUCH-ENCODING"), "\(error.message)")
        }
    }
}
