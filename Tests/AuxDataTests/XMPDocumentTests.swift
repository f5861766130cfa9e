import Testing
import Container
import TestSupport
@testable import AuxData

@Suite struct XMPDocumentTests {
    static func packet(_ body: String, namespaces: String = "") -> [UInt8] {
        Array("""
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\(body)</rdf:RDF></x:xmpmeta>
        """.utf8)
    }

    @Test func readsAttributeAndElementForms() throws {
        let bytes = Self.packet("""
        <rdf:Description rdf:about="" xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/" apdi:NativeFormat="1751411059">\
        <apdi:StoredFormat>1278226488</apdi:StoredFormat></rdf:Description>
        """)
        let doc = try XMPDocument(parsing: bytes, at: 100, path: "test")
        #expect(doc.descriptions.count == 1)
        let props = doc.properties
        #expect(props.count == 2)
        let at = { (s: String) in 100 + (XMPParser.find(Array(s.utf8), in: bytes[...]) ?? -100) }
        #expect(props[0] == XMPProperty(namespace: XMPNamespace.appleAux, prefix: "apdi", name: "NativeFormat",
                                        value: .text("1751411059"), offset: at("apdi:NativeFormat=")))
        #expect(props[1] == XMPProperty(namespace: XMPNamespace.appleAux, prefix: "apdi", name: "StoredFormat",
                                        value: .text("1278226488"), offset: at("<apdi:StoredFormat>")))
        let aux = try #require(AppleAuxDescription(doc))
        #expect(aux.nativeFormat == PixelFormat.hdis)
        #expect(aux.storedFormat == PixelFormat.L008)
        #expect(aux.nativeFormatText == "1751411059")
        #expect(aux.problems.isEmpty)
    }

    @Test func readsSeqBagAltAndStructures() throws {
        let bytes = Self.packet("""
        <rdf:Description rdf:about="" xmlns:a="http://a/" xmlns:b="http://b/">
          <a:seq><rdf:Seq><rdf:li>1</rdf:li><rdf:li>2.5</rdf:li></rdf:Seq></a:seq>
          <a:bag><rdf:Bag><rdf:li>x</rdf:li></rdf:Bag></a:bag>
          <a:alt><rdf:Alt><rdf:li xml:lang="x-default">hi</rdf:li></rdf:Alt></a:alt>
          <a:res rdf:parseType="Resource"><b:f>1</b:f><b:g>2</b:g></a:res>
          <a:nested><rdf:Description b:h="3"><b:i>4</b:i></rdf:Description></a:nested>
          <a:short b:j="5"/>
          <a:empty/>
        </rdf:Description>
        """)
        let doc = try XMPDocument(parsing: bytes, at: 0, path: "")
        let p = doc.properties
        #expect(p.map(\.name) == ["seq", "bag", "alt", "res", "nested", "short", "empty"])
        #expect(p[0].value == .array(.seq, [.text("1"), .text("2.5")]))
        #expect(p[1].value == .array(.bag, [.text("x")]))
        #expect(p[2].value == .array(.alt, [.text("hi")]))
        #expect(p[3].value.fields?.map(\.name) == ["f", "g"])
        #expect(p[4].value.fields?.map(\.name) == ["h", "i"])
        #expect(p[5].value.field("http://b/", "j")?.value == .text("5"))
        #expect(p[6].value == .text(""))
        #expect(doc.metadata.map(\.key) == [
            "a:seq[1]", "a:seq[2]", "a:bag[1]", "a:alt[1]", "a:res/b:f", "a:res/b:g",
            "a:nested/b:h", "a:nested/b:i", "a:short/b:j", "a:empty",
        ])
    }

    @Test func readsSeveralDescriptionsInOrder() throws {
        let bytes = Self.packet("""
        <rdf:Description rdf:about="" xmlns:a="http://a/" a:one="1"/><rdf:Description rdf:about="" xmlns:a="http://a/" a:two="2"/>
        """)
        let doc = try XMPDocument(parsing: bytes, at: 0, path: "")
        #expect(doc.descriptions.count == 2)
        #expect(doc.metadata.map(\.value) == ["1", "2"])
    }

    @Test func acceptsXpacketWrapperPaddingAndTrailingNUL() throws {
        var bytes = Array("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n".utf8)
        bytes += Self.packet("<rdf:Description rdf:about=\"\" xmlns:a=\"http://a/\" a:v=\"1\"/>")
        bytes += Array(("\n" + String(repeating: " ", count: 200) + "\n<?xpacket end=\"w\"?>").utf8)
        bytes += [0, 0]
        let doc = try XMPDocument(parsing: bytes, at: 0, path: "")
        #expect(doc.metadata == [XMPMetadataEntry(key: "a:v", namespace: "http://a/", value: "1")])
    }

    @Test func acceptsBareRDF() throws {
        let bytes = Array("""
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:a="http://a/" a:v="1"/></rdf:RDF>\u{0}
        """.utf8)
        let doc = try XMPDocument(parsing: bytes, at: 0, path: "")
        #expect(doc.properties.count == 1)
    }

    @Test func acceptsASliceWithNonZeroStartIndex() throws {
        let bytes = [UInt8](repeating: 0x41, count: 10) + Self.packet("<rdf:Description xmlns:a=\"http://a/\" a:v=\"1\"/>")
        let doc = try XMPDocument(parsing: bytes[10...], at: 10, path: "")
        #expect(doc.properties.count == 1)
    }

    @Test func notWellFormedXMLNamesTheByte() throws {
        // The `</b>` that closes `<a>` on line 2: libxml2 reports line 2, column 8, just past `</b>`.
        let text = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n<a></b></x:xmpmeta>"
        #expect(throws: ParseError(.xmpNotWellFormed, at: 1000 + 37 + 7, path: "")) {
            try XMPDocument(parsing: Array(text.utf8), at: 1000, path: "APP1#1/XMP")
        }
    }

    @Test func notWellFormedDetailHasLibxml2MessageAndLine() throws {
        let text = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n<a></b></x:xmpmeta>"
        do {
            _ = try XMPDocument(parsing: Array(text.utf8), at: 0, path: "p")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .xmpNotWellFormed)
            #expect(error.detail.contains("line 2"))
            #expect(error.detail.contains("mismatch"))
        }
    }

    @Test func undeclaredPrefixIsAnError() throws {
        let text = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><q:a/></x:xmpmeta>"
        #expect(throws: ParseError(.xmpNotWellFormed, at: 40, path: "")) {
            try XMPDocument(parsing: Array(text.utf8), at: 0, path: "")
        }
    }

    @Test func emptyAndNULOnlyPacketsAreErrors() throws {
        #expect(throws: ParseError(.xmpNotWellFormed, at: 7, path: "")) {
            try XMPDocument(parsing: [0, 0, 0], at: 7, path: "")
        }
        #expect(throws: ParseError(.xmpNotWellFormed, at: 7, path: "")) {
            try XMPDocument(parsing: [], at: 7, path: "")
        }
    }

    @Test func packetWithoutRDFIsAnError() throws {
        #expect(throws: ParseError(.xmpNoRDF, at: 5, path: "")) {
            try XMPDocument(parsing: Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8), at: 5, path: "")
        }
    }

    @Test func oversizedPacketIsRefusedBeforeParsing() throws {
        var limits = ParseLimits()
        limits.maxXMPBytes = 64
        let bytes = Self.packet("<rdf:Description xmlns:a=\"http://a/\" a:v=\"1\"/>")
        #expect(bytes.count > 64)
        #expect(throws: ParseError(.xmpTooLarge, at: 3, path: "")) {
            try XMPDocument(parsing: bytes, at: 3, path: "", limits: limits)
        }
    }

    @Test func billionLaughsIsRefusedWithoutExpansion() throws {
        var dtd = "<!DOCTYPE x:xmpmeta [\n<!ENTITY a0 \"" + String(repeating: "a", count: 100) + "\">\n"
        for i in 1...30 {
            dtd += "<!ENTITY a\(i) \"" + String(repeating: "&a\(i - 1);", count: 10) + "\">\n"
        }
        dtd += "]>\n"
        let text = dtd + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description xmlns:a=\"http://a/\"><a:v>&a30;</a:v></rdf:Description></rdf:RDF></x:xmpmeta>"
        // The parser stops at the DOCTYPE's internal subset, before any entity is read.
        #expect(throws: ParseError(.xmpDoctypeForbidden, at: 0, path: "")) {
            try XMPDocument(parsing: Array(text.utf8), at: 0, path: "")
        }
    }

    /// A packet of empty elements, each a few bytes, would cost a record of about 100 bytes
    /// apiece: past `XMPElementTree.maxElements` the parse stops with a limit error.
    @Test func tooManyElementsHitTheLimit() throws {
        let body = String(repeating: "<a:v/>", count: XMPElementTree.maxElements - 3)
        let fits = Self.packet("<rdf:Description xmlns:a=\"http://a/\">" + body + "</rdf:Description>")
        #expect(try XMPDocument(parsing: fits, at: 0, path: "t").properties.count == XMPElementTree.maxElements - 3)
        let over = Self.packet("<rdf:Description xmlns:a=\"http://a/\">" + body + "<a:v/></rdf:Description>")
        #expect(throws: ParseError(.limitExceeded, at: 5, path: "t")) {
            try XMPDocument(parsing: over, at: 5, path: "t")
        }
    }

    @Test func externalEntityIsNeverFetched() throws {
        let text = "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x:xmpmeta xmlns:x=\"adobe:ns:meta/\">&e;</x:xmpmeta>"
        #expect(throws: ParseError(.xmpDoctypeForbidden, at: 0, path: "")) {
            try XMPDocument(parsing: Array(text.utf8), at: 0, path: "")
        }
    }

    @Test func externalDTDIsRefusedToo() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE x SYSTEM \"http://example.invalid/x.dtd\"><x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>"
        #expect(throws: ParseError(.xmpDoctypeForbidden, at: 22, path: "")) {
            try XMPDocument(parsing: Array(text.utf8), at: 0, path: "")
        }
    }

    @Test func deepNestingHitsTheLimit() throws {
        var body = "<rdf:Description xmlns:a=\"http://a/\">"
        for _ in 0..<40 { body += "<a:s rdf:parseType=\"Resource\">" }
        body += "<a:v>1</a:v>"
        for _ in 0..<40 { body += "</a:s>" }
        body += "</rdf:Description>"
        #expect(throws: ParseError(.limitExceeded, at: 0, path: "")) {
            try XMPDocument(parsing: Self.packet(body), at: 0, path: "")
        }
    }

    @Test func everyPrefixGivesAnErrorOrADocument() throws {
        let bytes = Self.packet("""
        <rdf:Description rdf:about="" xmlns:depthData="http://ns.apple.com/depthData/1.0/" depthData:Accuracy="relative">\
        <depthData:IntrinsicMatrix><rdf:Seq><rdf:li>1</rdf:li><rdf:li>x</rdf:li></rdf:Seq></depthData:IntrinsicMatrix></rdf:Description>
        """)
        var errors = 0
        for n in 0..<bytes.count {
            do {
                let doc = try XMPDocument(parsing: bytes[0..<n], at: 0, path: "")
                _ = DepthDataDescription(doc)
            } catch {
                #expect(error.offset >= 0 && error.offset <= n)
                errors += 1
            }
        }
        #expect(errors == bytes.count)
    }

    /// Each property knows where it is written: an element at its `<`, an attribute at its
    /// name, nested fields too; a value that quotes another property's name does not mislead.
    @Test func propertiesCarryTheirOffsets() throws {
        let bytes = Self.packet("""
        <rdf:Description rdf:about="" xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/"
            xmlns:b="http://b/" apdi:AuxiliaryImageType='apdi:NativeFormat="x"'
            apdi:NativeFormat = "1751411059">
          <apdi:IntMinValue>0</apdi:IntMinValue>
          <apdi:IntMaxValue
             >255</apdi:IntMaxValue>
          <b:s rdf:parseType="Resource"><b:f>1</b:f></b:s>
          <b:e b:g="2"/>
        </rdf:Description>
        """)
        let doc = try XMPDocument(parsing: bytes, at: 1000, path: "test")
        let at = { (s: String) in XMPParser.find(Array(s.utf8), in: bytes[...]).map { 1000 + $0 } }
        let props = doc.properties
        #expect(props.map(\.qualifiedName) == ["apdi:AuxiliaryImageType", "apdi:NativeFormat", "apdi:IntMinValue",
                                               "apdi:IntMaxValue", "b:s", "b:e"])
        #expect(props.map(\.offset) == [at("apdi:AuxiliaryImageType="), at("apdi:NativeFormat = "), at("<apdi:IntMinValue>"),
                                       at("<apdi:IntMaxValue"), at("<b:s "), at("<b:e ")])
        #expect(props[4].value.fields?.first?.offset == at("<b:f>"))
        #expect(props[5].value.fields?.first?.offset == at("b:g="))
        #expect(XMPProperty(namespace: "", prefix: "", name: "n", value: .text("")).offset == nil)
    }

    /// A reassembled Extended XMP packet: positions past its first chunk are mapped through
    /// the chunk that holds them, so each property's offset is where the file writes it.
    @Test func remappedOffsetsOfAReassembledPacketAreFileOffsets() throws {
        let body = (1...12).map { "<b:p\($0)>\($0)</b:p\($0)>" }.joined()
        let packet = Self.packet("<rdf:Description rdf:about=\"\" xmlns:b=\"http://b/\">\(body)</rdf:Description>")
        let bytes = JPEGFixture.image(JPEGFixture.extendedXMP(packet, chunkSize: 100))
        let ext = try #require(try JPEG.File(parsing: bytes).primary.extendedXMP.first)
        let start = try #require(ext.chunks.first?.data.lowerBound)
        let doc = try XMPDocument(parsing: try #require(ext.bytes), at: start, path: "x")
            .remappingOffsets { p in (p -? start).flatMap(ext.fileOffset(ofPacketPosition:)) }
        #expect(doc.properties.count == 12)
        for p in doc.properties {
            let at = try #require(p.offset)
            // The tag as far as the chunk holding its '<' goes (the next chunk has the rest).
            let tag = Array("<b:\(p.name)>".utf8)
            let chunk = try #require(ext.chunks.first { $0.data.contains(at) })
            let n = min(tag.count, chunk.data.upperBound - at)
            #expect(Array(bytes[at..<(at + n)]) == Array(tag[..<n]), "\(p.name) at \(at)")
        }
        #expect(doc.properties.last?.offset.map { $0 > start + 200 } == true)
    }
}
