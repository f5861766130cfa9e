import Testing
#if canImport(CLibXML2)
import CLibXML2
#else
import CLibXML2Darwin
#endif
import Container
@testable import AuxData

/// libxml2 parser contexts kept from one XMP packet to the next (`XMLParserContexts`): a packet
/// read on a kept context reads as on a new one, whatever the packet before it did.
@Suite struct XMLParserContextsTests {
    @Test func aCleanlyUsedContextIsKeptAndAnotherIsFreed() throws {
        let pool = XMLParserContexts()
        let a = try #require(pool.lease())
        pool.giveBack(a, reusable: true)
        #expect(pool.keptCount == 1)
        let b = try #require(pool.lease())
        #expect(b.pointer == a.pointer)
        #expect(pool.keptCount == 0)
        pool.giveBack(b, reusable: false)
        #expect(pool.keptCount == 0)
    }

    /// A kept context comes back with the names its packets met (their addresses are in its
    /// dictionary); a context not kept takes its names with it.
    @Test func aKeptContextKeepsItsNames() throws {
        let pool = XMLParserContexts()
        let a = try #require(pool.lease())
        let name: [UInt8] = Array("Description".utf8) + [0]
        let i = name.withUnsafeBufferPointer { a.names.intern($0.baseAddress) }
        pool.giveBack(a, reusable: true)
        let b = try #require(pool.lease())
        #expect(b.pointer == a.pointer && b.names === a.names && b.names.names == ["Description"] && i == 0)
        pool.giveBack(b, reusable: false)
        let c = try #require(pool.lease())
        #expect(c.names !== a.names && c.names.names.isEmpty)
        pool.giveBack(c, reusable: false)
    }

    /// A name is found by its address and checked byte for byte: another name at an address
    /// that held one before is interned as itself.
    @Test func namesAreCheckedNotOnlyTheirAddress() {
        let names = XMPNames()
        var buffer: [UInt8] = Array("rdf".utf8) + [0]
        let first = buffer.withUnsafeBufferPointer { names.intern($0.baseAddress) }
        let again = buffer.withUnsafeBufferPointer { names.intern($0.baseAddress) }
        // The same storage, so the same address, now holding another name.
        buffer.withUnsafeMutableBufferPointer { b in for (k, c) in "xmp".utf8.enumerated() { b[k] = c } }
        let other = buffer.withUnsafeBufferPointer { names.intern($0.baseAddress) }
        #expect(first == 0 && again == 0 && other == 1 && names.names == ["rdf", "xmp"])
        #expect(names.intern(nil) == -1)
    }

    /// A name that spells a known namespace URI is that URI's own string (equal by identity
    /// to what readers look it up with); any other name, one of the same length too, is its own.
    @Test func knownNamespacesAreTheReadersOwnStrings() {
        for uri in XMPNamespace.known {
            let bytes: [UInt8] = Array(uri.utf8) + [0]
            #expect(bytes.withUnsafeBufferPointer { XMPNames.known(UnsafeBufferPointer(rebasing: $0.dropLast())) } == uri)
        }
        let rdfLike: [UInt8] = Array(XMPNamespace.rdf.utf8.dropLast()) + Array("$".utf8)
        #expect(rdfLike.withUnsafeBufferPointer { XMPNames.known($0) } == nil)
        let names = XMPNames()
        let rdf: [UInt8] = Array(XMPNamespace.rdf.utf8) + [0]
        let other: [UInt8] = Array("http://example.com/ns/".utf8) + [0]
        #expect(rdf.withUnsafeBufferPointer { names.intern($0.baseAddress) } == 0)
        #expect(other.withUnsafeBufferPointer { names.intern($0.baseAddress) } == 1)
        #expect(names.names == [XMPNamespace.rdf, "http://example.com/ns/"])
    }

    /// Every name keeps its slot: names met again are found, whatever their addresses hash
    /// to, and `names` does not grow (a table of one name to a slot made about 20 names of every
    /// Apple photo again, each a new entry).
    @Test func namesMetAgainAreFoundWhereverTheyHash() {
        let names = XMPNames()
        let buffers: [[UInt8]] = (0..<300).map { Array("name\($0)".utf8) + [0] }
        let first = buffers.map { b in b.withUnsafeBufferPointer { names.intern($0.baseAddress) } }
        let again = buffers.map { b in b.withUnsafeBufferPointer { names.intern($0.baseAddress) } }
        #expect(first == Array(0..<300) && again == first)
        #expect(names.names.count == 300 && names.occupied == 300)
        #expect(names.names[299] == "name299")
        names.startPacket()
        #expect(names.names.count == 300)
    }

    /// A packet with more names than the table has slots interns every one of them (those past
    /// the last free slot each time they are met), and the next packet starts again.
    @Test func aFullTableStillInternsEveryName() {
        let names = XMPNames()
        let count = XMPNames.slots + 10
        let buffers: [[UInt8]] = (0..<count).map { Array("n\($0)".utf8) + [0] }
        let first = buffers.map { b in b.withUnsafeBufferPointer { names.intern($0.baseAddress) } }
        #expect(first == Array(0..<count) && names.occupied == XMPNames.slots - 1)
        let again = buffers.map { b in b.withUnsafeBufferPointer { names.intern($0.baseAddress) } }
        #expect(zip(again, buffers).allSatisfy { i, b in names.names[i] == String(decoding: b.dropLast(), as: UTF8.self) })
        #expect(again[0] == 0 && again[count - 1] >= count)
        names.startPacket()
        #expect(names.names.isEmpty && names.occupied == 0)
    }

    /// Past `maxKept` names, a table starts empty at the next packet, never during one.
    @Test func aTableThatGrewTooLargeStartsAgain() {
        let names = XMPNames()
        for k in 0...XMPNames.maxKept {
            let s: [UInt8] = Array("n\(k)".utf8) + [0]
            _ = s.withUnsafeBufferPointer { names.intern($0.baseAddress) }
        }
        #expect(names.names.count == XMPNames.maxKept + 1)
        names.startPacket()
        #expect(names.names.isEmpty)
        let s: [UInt8] = Array("rdf".utf8) + [0]
        #expect(s.withUnsafeBufferPointer { names.intern($0.baseAddress) } == 0)
        names.startPacket()
        #expect(names.names == ["rdf"])
    }

    @Test func noMoreThanMaxKeptWait() throws {
        let pool = XMLParserContexts()
        var taken: [XMLParserContexts.Context] = []
        for _ in 0..<(XMLParserContexts.maxKept + 3) { taken.append(try #require(pool.lease())) }
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
