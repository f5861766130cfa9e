import Testing
import Container
@testable import AuxData

/// What an XMP value reads when its XML uses references, CDATA, comments, processing
/// instructions or mixed content: the values XML 1.0 gives (§2.4 character data, §3.3.3
/// attribute-value normalization, §4.1 references, §4.6 predefined entities), as libxml2's
/// tree builder gave them before `XMPParser` read libxml2's SAX2 reports instead.
@Suite struct XMPTextAndReferenceTests {
    static func description(_ attributes: String, _ body: String = "") throws -> [XMPProperty] {
        let bytes = XMPDocumentTests.packet("""
        <rdf:Description rdf:about="" xmlns:d="http://ns.example/d/" \(attributes)>\(body)</rdf:Description>
        """)
        return try XMPDocument(parsing: bytes, at: 0, path: "t").properties
    }

    @Test func attributeReferencesAreReplacedOnce() throws {
        // libxml2's SAX2 interface hands `&` over as `&#38;` for its tree builder; each is one
        // `&`, and a literal "&#38;" written as "&amp;#38;" stays "&#38;".
        let p = try Self.description(#"d:a="x&amp;y&#38;z&#x26;" d:b="&amp;#38;" d:c="&lt;&gt;&quot;&apos;&#65;&#233;" d:d="&amp;""#)
        #expect(p.map(\.name) == ["a", "b", "c", "d"])
        #expect(p.map(\.value) == [.text("x&y&z&"), .text("&#38;"), .text("<>\"'Aé"), .text("&")])
    }

    @Test func attributeWhitespaceIsNormalized() throws {
        // §3.3.3: a tab, line feed or carriage return in a value reads as a space; `&#9;` stays a tab.
        let p = try Self.description("d:a=\"1\t2\n3&#9;4\"")
        #expect(p.first?.value == .text("1 2 3\t4"))
    }

    @Test func elementTextJoinsReferencesCDATAAndTheTextAroundCommentsAndPIs() throws {
        let p = try Self.description("", """
        <d:e>t&amp;u&#38;v&lt;</d:e><d:f><![CDATA[c<d>&amp;]]></d:f><d:g> a <!-- c --> b </d:g>\
        <d:h>p<?pi x?>q</d:h><d:i>  </d:i><d:j></d:j><d:k/>
        """)
        #expect(p.map(\.name) == ["e", "f", "g", "h", "i", "j", "k"])
        #expect(p.map(\.value) == [.text("t&u&v<"), .text("c<d>&amp;"), .text(" a  b "), .text("pq"),
                                   .text("  "), .text(""), .text("")])
    }

    @Test func textBesideChildElementsIsNotAValue() throws {
        // A property with child elements is a structure or an array (Part 1 §7.5–§7.7): the
        // text around them, whitespace or not, carries nothing.
        let p = try Self.description("", """
        <d:t>lead<d:x>3</d:x>tail</d:t><d:l><rdf:Seq> <rdf:li>a</rdf:li> junk <rdf:li>b</rdf:li></rdf:Seq></d:l>
        """)
        #expect(p.map(\.value) == [
            .structure([XMPProperty(namespace: "http://ns.example/d/", prefix: "d", name: "x", value: .text("3"), offset: p.first?.value.fields?.first?.offset)]),
            .array(.seq, [.text("a"), .text("b")]),
        ])
        #expect(p.first?.value.fields?.first?.offset != nil)
    }

    @Test func namesAreReadPerDeclarationNotPerPrefix() throws {
        // Two prefixes for one namespace, and one prefix bound to two namespaces in turn.
        let p = try Self.description(#"xmlns:e="http://ns.example/d/" d:x="1" e:y="2""#, """
        <e:z>3</e:z><d:w xmlns:d="http://ns.example/other/">4</d:w><d:v>5</d:v>
        """)
        #expect(p.map(\.qualifiedName) == ["d:x", "e:y", "e:z", "d:w", "d:v"])
        #expect(p.map(\.namespace) == ["http://ns.example/d/", "http://ns.example/d/", "http://ns.example/d/",
                                       "http://ns.example/other/", "http://ns.example/d/"])
    }
}

/// Reals and integers in XMP text (Part 1 §8.2.1: Real, Integer): XML white space around the
/// number is dropped, anything else makes it no number.
@Suite struct XMPNumberTextTests {
    /// No-break space (U+00A0) is not XML white space.
    @Test(arguments: [(" \t1.5\r\n", "1.5"), ("\n\n", ""), ("a b", "a b"), (" é ", "é"), ("\u{A0}1\u{A0}", "\u{A0}1\u{A0}")])
    func xmlWhiteSpaceIsTrimmed(_ text: String, _ trimmed: String) {
        #expect(XMPFieldReader.trimmed(text) == trimmed)
    }

    @Test func whiteSpaceAroundANumberIsDropped() {
        #expect(XMPFieldReader.parseReal("  2.5e-3 ") == 0.0025)
        #expect(XMPFieldReader.parseReal("-4.382812") == -4.382812)
        #expect(XMPFieldReader.parseInt(" +7\n") == 7)
        #expect(XMPFieldReader.parseInt("1278226488") == 1_278_226_488)
    }

    @Test func otherTextIsNoNumber() {
        for t in ["", " ", "1,5", "0x10", "nan", "inf", "1e999", "1.5.", "١٢"] {
            #expect(XMPFieldReader.parseReal(t) == nil, "\(t)")
        }
        for t in ["", "1.0", "7a", "99999999999999999999"] {
            #expect(XMPFieldReader.parseInt(t) == nil, "\(t)")
        }
    }
}
