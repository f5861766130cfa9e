import Testing
import TestSupport
@testable import AuxData

/// Qualified values (XMP Specification Part 1 §6.3 and §7.8, ISO 16684-1 §7.9.2.5): a value
/// with qualifiers is written as a struct whose `rdf:value` holds the value and whose other
/// fields are the qualifiers. The value is read as the value, the qualifiers kept beside it,
/// and a description written that way (as the Pixel camera writes Dynamic Depth) reads the
/// same as written plainly.
@Suite struct XMPQualifiedValueTests {
    static func document(_ body: String, namespaces: String = "") throws -> XMPDocument {
        let text = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + "<rdf:Description rdf:about=\"\" xmlns:a=\"http://example.com/a/\"\(namespaces)>" + body
            + "</rdf:Description></rdf:RDF></x:xmpmeta>"
        return try XMPDocument(parsing: Array(text.utf8), at: 0, path: "t")
    }

    @Test func aQualifiedSimpleValueIsItsValueWithItsQualifiers() throws {
        let doc = try Self.document("<a:P rdf:parseType=\"Resource\"><rdf:value>42</rdf:value><a:Unit>m</a:Unit>"
                                    + "<rdf:type>http://example.com/a/:Length</rdf:type></a:P>")
        let p = try #require(doc.property("http://example.com/a/", "P"))
        #expect(p.value == .text("42"))
        #expect(p.qualifiers.map(\.qualifiedName) == ["a:Unit", "rdf:type"])
        #expect(p.qualifiers.map(\.value) == [.text("m"), .text("http://example.com/a/:Length")])
        #expect(doc.metadata.map(\.key) == ["a:P"])
    }

    @Test func aQualifiedStructAndQualifiedArrayItemsAreTheirValues() throws {
        let doc = try Self.document("""
            <a:S rdf:parseType="Resource"><rdf:value rdf:parseType="Resource"><a:F>1</a:F><a:G>2</a:G></rdf:value><a:Q>q</a:Q></a:S>
            <a:L><rdf:Seq><rdf:li rdf:parseType="Resource"><rdf:value rdf:parseType="Resource"><a:F>3</a:F></rdf:value>\
            <rdf:type>t</rdf:type></rdf:li><rdf:li>4</rdf:li></rdf:Seq></a:L>
            """)
        let s = try #require(doc.property("http://example.com/a/", "S"))
        #expect(s.value.fields?.map(\.name) == ["F", "G"] && s.qualifiers.map(\.name) == ["Q"])
        let l = try #require(doc.property("http://example.com/a/", "L"))
        #expect(l.value.items?.count == 2)
        #expect(l.value.items?.first?.fields?.map(\.value) == [.text("3")])
        #expect(l.value.items?.last == .text("4"))
    }

    /// The Dynamic Depth fixture's Device written as the Pixel camera writes it: every
    /// Container item, Profile and Camera a qualified value with an `rdf:type`.
    static var qualifiedDevice: String {
        func ns(_ p: String) -> String { " xmlns:\(p)=\"http://ns.google.com/photos/dd/1.0/\(p.lowercased())/\"" }
        func item(_ mime: String, _ length: Int, _ uri: String) -> String {
            "<rdf:li rdf:parseType=\"Resource\"><rdf:value rdf:parseType=\"Resource\"><Item:Mime>\(mime)</Item:Mime>"
                + "<Item:Length>\(length)</Item:Length><Item:DataURI>\(uri)</Item:DataURI></rdf:value>"
                + "<rdf:type>http://ns.google.com/photos/dd/1.0/container/:Item</rdf:type></rdf:li>"
        }
        var s = "<rdf:Description rdf:about=\"\""
        for p in ["Device", "Container", "Item", "Profile", "Camera", "Image", "DepthMap"] { s += ns(p) }
        s += "><Device:Container rdf:parseType=\"Resource\"><Container:Directory><rdf:Seq>"
            + item("image/jpeg", 0, "primary_image")
            + item("image/jpeg", DynamicDepthFixture.depthItem.count, "android/depthmap")
            + item("image/jpeg", DynamicDepthFixture.confidenceItem.count, "android/confidencemap")
            + "</rdf:Seq></Container:Directory></Device:Container>"
            + "<Device:Profiles><rdf:Seq><rdf:li rdf:parseType=\"Resource\"><rdf:value rdf:parseType=\"Resource\">"
            + "<Profile:Type>DepthPhoto</Profile:Type><Profile:CameraIndices><rdf:Seq><rdf:li>0</rdf:li></rdf:Seq></Profile:CameraIndices>"
            + "</rdf:value><rdf:type>http://ns.google.com/photos/dd/1.0/device/:Profile</rdf:type></rdf:li></rdf:Seq></Device:Profiles>"
            + "<Device:Cameras><rdf:Seq><rdf:li rdf:parseType=\"Resource\"><rdf:value rdf:parseType=\"Resource\">"
            + "<Camera:Trait>Physical</Camera:Trait>"
            + "<Camera:Image rdf:parseType=\"Resource\"><Image:ItemSemantic>Primary</Image:ItemSemantic><Image:ItemURI>primary_image</Image:ItemURI></Camera:Image>"
            + "<Camera:DepthMap rdf:parseType=\"Resource\"><DepthMap:ItemSemantic>Depth</DepthMap:ItemSemantic>"
            + "<DepthMap:Format>RangeInverse</DepthMap:Format><DepthMap:Units>Meters</DepthMap:Units>"
            + "<DepthMap:Near>0.500000</DepthMap:Near><DepthMap:Far>8.000000</DepthMap:Far>"
            + "<DepthMap:DepthURI>android/depthmap</DepthMap:DepthURI><DepthMap:MeasureType>OpticalAxis</DepthMap:MeasureType>"
            + "<DepthMap:ConfidenceURI>android/confidencemap</DepthMap:ConfidenceURI></Camera:DepthMap>"
            + "</rdf:value><rdf:type>http://ns.google.com/photos/dd/1.0/device/:Camera</rdf:type></rdf:li></rdf:Seq></Device:Cameras>"
            + "</rdf:Description>"
        return s
    }

    @Test func dynamicDepthWrittenAsQualifiedValuesReadsAsWrittenPlainly() throws {
        func read(_ description: String) throws -> DynamicDepthDescription? {
            let text = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                + description + "</rdf:RDF></x:xmpmeta>"
            return DynamicDepthDescription(try XMPDocument(parsing: Array(text.utf8), at: 0, path: "t"))
        }
        let plain = try #require(try read(DynamicDepthFixture.device))
        let qualified = try #require(try read(Self.qualifiedDevice))
        #expect(plain.problems.isEmpty && qualified.problems.isEmpty, "\(plain.problems) \(qualified.problems)")
        #expect(qualified.items == plain.items && qualified.profiles == plain.profiles && qualified.cameras == plain.cameras)
        #expect(qualified.items.map(\.dataURI) == ["primary_image", "android/depthmap", "android/confidencemap"])
        #expect(qualified.cameras.first?.depthMap?.depthURI == "android/depthmap")
    }
}
