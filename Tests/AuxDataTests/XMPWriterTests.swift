import Testing
import Container
@testable import AuxData

/// Everything depthcheck writes as XMP goes through `XMPWriter` and reads back, through
/// `XMPDocument` (libxml2) and the description reader of the same properties, to the values
/// written: GDepth and its Extended XMP packet, Dynamic Depth's Device, and Apple's apdi for
/// each kind of map. A value holding markup characters is escaped and reads back unchanged.
@Suite struct XMPWriterTests {
    static func document(_ text: String) throws -> XMPDocument {
        try XMPDocument(parsing: Array(text.utf8), at: 0, path: "XMP")
    }

    @Test func markupInValuesIsEscapedAndReadsBack() throws {
        let name = XMPName(XMPNamespace.gDepth, "GDepth", "Software")
        let attribute = XMPName(XMPNamespace.gDepth, "GDepth", "Model")
        let text = "a < b && c > \"d\" 'e'"
        let d = XMPWriter.description(declaring: XMPWriter.namespaces(of: [name]), [(attribute, text)],
                                      children: [XMPWriter.Element.property(name, text)])
        let serialized = XMPWriter.serialized(d)
        #expect(serialized == "<rdf:Description rdf:about=\"\" xmlns:GDepth=\"http://ns.google.com/photos/1.0/depthmap/\""
                + " GDepth:Model=\"a &lt; b &amp;&amp; c &gt; &quot;d&quot; 'e'\">"
                + "<GDepth:Software>a &lt; b &amp;&amp; c &gt; \"d\" 'e'</GDepth:Software></rdf:Description>")
        let g = try #require(GDepthDescription(try Self.document(XMPWriter.packet([d]))))
        #expect(g.model == text)
        #expect(g.software == text)
        #expect(XMPWriter.escaped("plain 1.5 urn:x", quote: true) == "plain 1.5 urn:x")
    }

    /// A reader turns a tab, line feed or carriage return in an attribute value into a space
    /// (XML 1.0 §3.3.3): written as character references, they read back as themselves.
    @Test func whitespaceInAnAttributeReadsBack() throws {
        let attribute = XMPName(XMPNamespace.gDepth, "GDepth", "Model")
        let text = "line one\nline two\ttabbed\r"
        let d = XMPWriter.description(declaring: XMPWriter.namespaces(of: [attribute]), [(attribute, text)], children: [])
        #expect(XMPWriter.serialized(d).contains("GDepth:Model=\"line one&#xA;line two&#x9;tabbed&#xD;\""))
        let g = try #require(GDepthDescription(try Self.document(XMPWriter.packet([d]))))
        #expect(g.model == text)
    }

    @Test func gdepthReadsBackAsWritten() throws {
        let map = GoogleDepthMap(format: .rangeLinear, near: 0.5, far: 4.25, width: 2, height: 1, samples: [0, 255])
        let standard = try Self.document(GoogleDepthXMP.packet(GoogleDepthXMP.gdepthDescription(map, extendedGUID: "0123456789ABCDEF0123456789ABCDEF")))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 1, 2, 255]
        let extended = try Self.document(GoogleDepthXMP.gdepthExtendedPacket(png: png))
        let g = try #require(GDepthDescription(standard, extended: extended))
        #expect(g.format == .rangeLinear)
        #expect(g.near == 0.5 && g.far == 4.25)
        #expect(g.units == "m" && g.measureType == "OpticalAxis" && g.mime == "image/png")
        #expect(g.data == png)
        #expect(g.problems.isEmpty)
        #expect(standard.extendedXMPGUID == "0123456789ABCDEF0123456789ABCDEF")
        let note = try Self.document(GoogleDepthXMP.packet(GoogleDepthXMP.extendedNote("FEDCBA9876543210FEDCBA9876543210")))
        #expect(note.extendedXMPGUID == "FEDCBA9876543210FEDCBA9876543210")
    }

    @Test func dynamicDepthReadsBackAsWritten() throws {
        let map = GoogleDepthMap(format: .rangeInverse, near: 0.25, far: 8, width: 2, height: 1, samples: [0, 255])
        let doc = try Self.document(GoogleDepthXMP.packet(GoogleDepthXMP.dynamicDepthDescription(map, depthLength: 1234, confidenceLength: 567)))
        let d = try #require(DynamicDepthDescription(doc))
        #expect(d.problems.isEmpty)
        #expect(d.items.map(\.mime) == ["image/jpeg", "image/jpeg", "image/jpeg"])
        #expect(d.items.map(\.length) == [0, 1234, 567])
        #expect(d.items.map(\.dataURI) == ["primary_image", "android/depthmap", "android/confidencemap"])
        #expect(d.profiles.map(\.type) == ["DepthPhoto"])
        #expect(d.profiles.map(\.cameraIndices) == [[0]])
        let camera = try #require(d.cameras.first)
        #expect(d.cameras.count == 1)
        #expect(camera.trait == "Physical" && camera.imageItemSemantic == "Primary" && camera.imageItemURI == "primary_image")
        let depth = try #require(camera.depthMap)
        #expect(depth.itemSemantic == "Depth" && depth.format == .rangeInverse && depth.units == "Meters")
        #expect(depth.near == 0.25 && depth.far == 8)
        #expect(depth.depthURI == "android/depthmap" && depth.confidenceURI == "android/confidencemap")
        #expect(depth.measureType == "OpticalAxis")
    }

    /// The packet's bytes, without the xpacket wrapper (Part 1 §7.3) libxml2 reads as
    /// processing instructions.
    static func apple(_ map: AuxMap) throws -> XMPDocument {
        let packet = AppleAuxXMP.packet(for: map)
        #expect(packet.hasPrefix(XMPPacketWrapper.header) && packet.hasSuffix(XMPPacketWrapper.trailer))
        return try document(packet)
    }

    @Test func appleAuxReadsBackAsWrittenForEveryKind() throws {
        let samples = [UInt8](repeating: 7, count: 4)
        let depth = try Self.apple(AuxMap(kind: .depth, width: 2, height: 2, samples: samples, nativeFormat: PixelFormat.fdep,
                                          floatMin: 0.75, floatMax: 3.5))
        let a = try #require(AppleAuxDescription(depth))
        #expect(a.nativeFormat == PixelFormat.fdep && a.storedFormat == PixelFormat.L008)
        #expect(a.auxiliaryImageType == "depth" && a.auxiliaryImageSubType == nil)
        #expect(a.intMinValue == 0 && a.intMaxValue == 255 && a.floatMinValue == 0.75 && a.floatMaxValue == 3.5)
        #expect(a.problems.isEmpty)

        let disparity = try Self.apple(AuxMap(kind: .disparity, width: 2, height: 2, samples: samples, nativeFormat: PixelFormat.hdis))
        let b = try #require(AppleAuxDescription(disparity))
        #expect(b.nativeFormat == PixelFormat.hdis && b.auxiliaryImageType == "disparity")
        #expect(b.floatMinValue == nil && b.floatMaxValue == nil)

        let matte = try Self.apple(AuxMap(kind: .portraitEffectsMatte, width: 2, height: 2, samples: samples, nativeFormat: PixelFormat.L008))
        let c = try #require(AppleAuxDescription(matte))
        #expect(c.auxiliaryImageType == "depth" && c.auxiliaryImageSubType == "portraiteffectsmatte")
        #expect(PortraitEffectsMatteDescription(matte)?.portraitEffectsMatteVersion == 65536)

        let skin = AuxMap(kind: .semanticMatte, semanticMatte: .skin, width: 2, height: 2, samples: samples, nativeFormat: PixelFormat.L008)
        let d = try #require(AppleAuxDescription(try Self.apple(skin)))
        #expect(d.auxiliaryImageType == skin.auxType)
        #expect(d.auxiliaryImageType == "urn:com:apple:photo:2019:aux:semanticskinmatte")
    }
}
