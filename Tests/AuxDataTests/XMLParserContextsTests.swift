import Testing
import CLibXML2
import Container
@testable import AuxData

/// libxml2 parser contexts kept from one XMP packet to the next (`XMLParserContexts`): a packet
/// read on a kept context reads as on a new one, whatever the packet before it did.
@Suite struct XMLParserContextsTests {
    @Test func aCleanlyUsedContextIsKeptAndAnotherIsFreed() throws {
        let pool = XMLParserContexts()
        let a = try #require(pool.take())
        pool.giveBack(a, reusable: true)
        #expect(pool.keptCount == 1)
        let b = try #require(pool.take())
        #expect(b == a)
        #expect(pool.keptCount == 0)
        pool.giveBack(b, reusable: false)
        #expect(pool.keptCount == 0)
    }

    @Test func noMoreThanMaxKeptWait() throws {
        let pool = XMLParserContexts()
        var taken: [xmlParserCtxtPtr] = []
        for _ in 0..<(XMLParserContexts.maxKept + 3) { taken.append(try #require(pool.take())) }
        for c in taken { pool.giveBack(c, reusable: true) }
        #expect(pool.keptCount == XMLParserContexts.maxKept)
    }

    /// Packets that end in every way a parse can, read in turn three times over (on whatever
    /// contexts the shared pool hands out): each reads as it does alone.
    @Test func eachPacketReadsTheSameAfterAnyOther() throws {
        let good = XMPDocumentTests.packet(#"<rdf:Description rdf:about="" xmlns:d="http://ns.example/d/" d:a="1"/>"#)
        let utf16: [UInt8] = [0xFE, 0xFF] + String(decoding: XMPEncodingTests.packet(encoding: "UTF-16", value: Array("2".utf8)), as: UTF8.self)
            .utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let broken = Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF"#.utf8)
        let doctype = Array(#"<!DOCTYPE x [<!ENTITY e "v">]><x:xmpmeta xmlns:x="adobe:ns:meta/"/>"#.utf8)
        for _ in 0..<3 {
            #expect(try XMPDocument(parsing: good, at: 0, path: "t").properties.map(\.value) == [.text("1")])
            #expect(throws: ParseError.self) { try XMPDocument(parsing: broken, at: 0, path: "t") }
            #expect(try XMPDocument(parsing: utf16, at: 0, path: "t").properties.map(\.value) == [.text("2")])
            do {
                _ = try XMPDocument(parsing: doctype, at: 0, path: "t")
                Issue.record("a DOCTYPE was read")
            } catch {
                #expect(error.code == .xmpDoctypeForbidden)
            }
            #expect(try XMPDocument(parsing: good, at: 0, path: "t").properties.map(\.value) == [.text("1")])
        }
    }
}
