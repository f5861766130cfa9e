import Testing
import Container
@testable import AuxData

@Suite struct XMPDescriptionTests {
    static func doc(_ namespaces: String, _ body: String, attributes: String = "") throws -> XMPDocument {
        let text = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" \(namespaces) \(attributes)>\(body)</rdf:Description></rdf:RDF></x:xmpmeta>
        """
        return try XMPDocument(parsing: Array(text.utf8), at: 0, path: "")
    }

    static let apdi = "xmlns:apdi=\"http://ns.apple.com/pixeldatainfo/1.0/\""
    static let depthData = "xmlns:depthData=\"http://ns.apple.com/depthData/1.0/\""

    @Test func portraitMatteJPEGXMPIsAMatteNotDepth() throws {
        let d = try Self.doc(Self.apdi + " xmlns:portraitEffectsMatte=\"http://ns.apple.com/portraitEffectsMatte/1.0/\"", """
        <apdi:NativeFormat>1278226488</apdi:NativeFormat>\
        <apdi:AuxiliaryImageType>depth</apdi:AuxiliaryImageType>\
        <apdi:AuxiliaryImageSubType>portraiteffectsmatte</apdi:AuxiliaryImageSubType>\
        <apdi:StoredFormat>1278226488</apdi:StoredFormat>\
        <portraitEffectsMatte:PortraitEffectsMatteVersion>65536</portraitEffectsMatte:PortraitEffectsMatteVersion>
        """)
        let aux = try #require(AppleAuxDescription(d))
        #expect(aux.auxiliaryImageType == "depth")
        #expect(aux.auxiliaryImageSubType == "portraiteffectsmatte")
        #expect(PortraitEffectsMatteDescription(d)?.portraitEffectsMatteVersion == 65536)
        let c = AuxClassifier.classify(auxType: nil, apple: aux)
        #expect(c.kind == .portraitEffectsMatte)
        #expect(DepthDataDescription(d) == nil)
    }

    @Test func longFloatTextKeepsItsDoubleValue() throws {
        let d = try Self.doc(Self.apdi, "<apdi:FloatMinValue>0.78710899999999995</apdi:FloatMinValue>")
        #expect(AppleAuxDescription(d)?.floatMinValue == 0.78710899999999995)
    }

    @Test func badNumbersBecomeNilWithProblems() throws {
        let d = try Self.doc(Self.apdi + " " + Self.depthData, """
        <apdi:NativeFormat>hdis</apdi:NativeFormat>\
        <apdi:StoredFormat>4294967296</apdi:StoredFormat>\
        <apdi:IntMinValue>1.5</apdi:IntMinValue>\
        <apdi:FloatMinValue>nan</apdi:FloatMinValue>\
        <apdi:FloatMaxValue>1e999</apdi:FloatMaxValue>\
        <depthData:IntrinsicMatrix><rdf:Seq><rdf:li>1</rdf:li><rdf:li>0x10</rdf:li></rdf:Seq></depthData:IntrinsicMatrix>\
        <depthData:Filtered>maybe</depthData:Filtered>\
        <depthData:Quality><rdf:Bag><rdf:li>high</rdf:li></rdf:Bag></depthData:Quality>\
        <depthData:PixelSize> 0.001 </depthData:PixelSize>
        """, attributes: "apdi:IntMaxValue=\"255\"")
        let aux = try #require(AppleAuxDescription(d))
        #expect(aux.nativeFormat == nil)
        #expect(aux.nativeFormatText == "hdis")
        #expect(aux.storedFormat == nil)
        #expect(aux.intMinValue == nil)
        #expect(aux.intMaxValue == 255)
        #expect(aux.floatMinValue == nil)
        #expect(aux.floatMaxValue == nil)
        #expect(aux.problems.count == 5)
        let depth = try #require(DepthDataDescription(d))
        #expect(depth.intrinsicMatrix == nil)
        #expect(depth.filtered == nil)
        #expect(depth.quality == nil)
        #expect(depth.pixelSize == 0.001)
        #expect(depth.problems == [
            "depthData:Filtered: 'maybe' is not True or False",
            "depthData:Quality: expected text, found an array or structure",
            "depthData:IntrinsicMatrix[2]: '0x10' is not a real number",
        ])
    }

    @Test func lowerCaseBooleansAreReadWithAProblem() throws {
        let d = try Self.doc(Self.depthData, "<depthData:Filtered>true</depthData:Filtered>")
        let depth = try #require(DepthDataDescription(d))
        #expect(depth.filtered == true)
        #expect(depth.problems.count == 1)
    }

    @Test func semanticMatteKeepsEveryProperty() throws {
        let d = try Self.doc("xmlns:ssm=\"http://ns.apple.com/semanticSegmentationMatte/1.0/\"", "",
                             attributes: "ssm:SemanticSegmentationMatteVersion=\"65536\" ssm:SemanticSegmentationMatteType=\"skin\" ssm:Other=\"x\"")
        let s = try #require(SemanticSegmentationMatteDescription(d))
        #expect(s.version == 65536)
        #expect(s.matteType == "skin")
        #expect(s.properties.map(\.key) == ["ssm:SemanticSegmentationMatteVersion", "ssm:SemanticSegmentationMatteType", "ssm:Other"])
    }

    @Test func gDepthAttributesAndInlineData() throws {
        // "iVBORw0KGgo=" is the first 8 bytes of the PNG signature.
        let d = try Self.doc("xmlns:GDepth=\"http://ns.google.com/photos/1.0/depthmap/\"", "", attributes: """
        GDepth:Format="RangeLinear" GDepth:Near="1" GDepth:Far="2.5" GDepth:Units="mm" GDepth:MeasureType="OpticRay" \
        GDepth:Mime="image/png" GDepth:Data="iVBO Rw0K\nGgo=" GDepth:ConfidenceMime="image/png" GDepth:Confidence="!!!!" \
        GDepth:Manufacturer="m" GDepth:Model="n" GDepth:ImageWidth="768" GDepth:ImageHeight="x"
        """)
        let g = try #require(GDepthDescription(d))
        #expect(g.format == .rangeLinear)
        #expect(g.near == 1 && g.far == 2.5)
        #expect(g.units == "mm" && g.measureType == "OpticRay")
        #expect(g.data == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(g.confidence == nil)
        #expect(g.confidenceMime == "image/png")
        #expect(g.manufacturer == "m" && g.model == "n")
        #expect(g.imageWidth == 768 && g.imageHeight == nil)
        #expect(g.problems.count == 2)
        #expect(GDepthFormat("Other") == .unknown("Other"))
    }

    @Test(arguments: [
        ("", []), ("TWFu", Array("Man".utf8)), ("TWE=", Array("Ma".utf8)), ("TQ==", Array("M".utf8)),
        (" T W\r\nF\tu ", Array("Man".utf8)), ("+/+/", [0xFB, 0xFF, 0xBF]),
    ] as [(String, [UInt8])])
    func base64Decodes(_ text: String, _ bytes: [UInt8]) throws {
        #expect(try Base64.decode(text, at: 0, path: "") == bytes)
    }

    @Test func base64IsStrict() throws {
        for bad in ["TWF", "T===", "TQ==TWFu", "TW=u", "TWF-", "TWFu=", "TQ===", "TWFu\u{0}"] {
            #expect(throws: ParseError(.base64Invalid, at: 9, path: ""), "\(bad)") {
                try Base64.decode(bad, at: 9, path: "")
            }
        }
        var limits = ParseLimits()
        limits.maxAllocation = 2
        #expect(throws: ParseError(.limitExceeded, at: 9, path: "")) {
            try Base64.decode("TWFu", at: 9, path: "", limits: limits)
        }
    }

    static let dynamicDepthPacket = """
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about=""
      xmlns:Device="http://ns.google.com/photos/dd/1.0/device/"
      xmlns:Container="http://ns.google.com/photos/dd/1.0/container/"
      xmlns:Item="http://ns.google.com/photos/dd/1.0/item/"
      xmlns:Profile="http://ns.google.com/photos/dd/1.0/profile/"
      xmlns:Camera="http://ns.google.com/photos/dd/1.0/camera/"
      xmlns:DepthMap="http://ns.google.com/photos/dd/1.0/depthmap/"
      xmlns:Image="http://ns.google.com/photos/dd/1.0/image/">
     <Device:Container><Container:Directory><rdf:Seq>
       <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Length="0"/></rdf:li>
       <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Length="3050" Item:Padding="2" Item:DataURI="android/depthmap"/></rdf:li>
       <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Length="x" Item:DataURI="android/confidencemap"/></rdf:li>
     </rdf:Seq></Container:Directory></Device:Container>
     <Device:Profiles><rdf:Seq><rdf:li rdf:parseType="Resource">
       <Device:Profile Profile:Type="DepthPhoto"><Profile:CameraIndices><rdf:Seq><rdf:li>0</rdf:li></rdf:Seq></Profile:CameraIndices></Device:Profile>
     </rdf:li></rdf:Seq></Device:Profiles>
     <Device:Cameras><rdf:Seq><rdf:li rdf:parseType="Resource">
       <Device:Camera Camera:Trait="Physical">
         <Camera:DepthMap DepthMap:ItemSemantic="Depth" DepthMap:Format="RangeInverse" DepthMap:Near="0.2" DepthMap:Far="12.5"
           DepthMap:Units="Meters" DepthMap:DepthURI="android/depthmap" DepthMap:ConfidenceURI="android/confidencemap" DepthMap:MeasureType="OpticalAxis"/>
         <Camera:Image Image:ItemSemantic="Primary" Image:ItemURI="android/mainimage"/>
       </Device:Camera>
     </rdf:li></rdf:Seq></Device:Cameras>
    </rdf:Description></rdf:RDF></x:xmpmeta>
    """

    @Test func dynamicDepthDirectoryProfilesAndCameras() throws {
        let d = try XMPDocument(parsing: Array(Self.dynamicDepthPacket.utf8), at: 0, path: "")
        let dd = try #require(DynamicDepthDescription(d))
        #expect(dd.items.count == 3)
        #expect(dd.items[0].mime == "image/jpeg" && dd.items[0].length == 0 && dd.items[0].dataURI == nil)
        #expect(dd.items[1].length == 3050 && dd.items[1].padding == 2 && dd.items[1].dataURI == "android/depthmap")
        #expect(dd.items[2].length == nil)
        #expect(dd.problems == ["Item:Length: 'x' is not an integer"])
        #expect(dd.profiles.count == 1)
        #expect(dd.profiles[0].type == "DepthPhoto" && dd.profiles[0].cameraIndices == [0])
        #expect(dd.cameras.count == 1)
        let cam = dd.cameras[0]
        #expect(cam.trait == "Physical")
        #expect(cam.imageItemSemantic == "Primary" && cam.imageItemURI == "android/mainimage")
        let map = try #require(cam.depthMap)
        #expect(map.format == .rangeInverse)
        #expect(map.near == 0.2 && map.far == 12.5)
        #expect(map.units == "Meters")
        #expect(map.depthURI == "android/depthmap" && map.confidenceURI == "android/confidencemap")
        #expect(map.measureType == "OpticalAxis" && map.itemSemantic == "Depth")
        #expect(GDepthDescription(d) == nil)
    }

    @Test func adobeGainMapReadsSingleValuesAndThreeChannelSequences() throws {
        let d = try Self.doc("xmlns:hdrgm=\"http://ns.adobe.com/hdr-gain-map/1.0/\"", """
        <hdrgm:GainMapMax><rdf:Seq><rdf:li>3.5</rdf:li><rdf:li>3</rdf:li><rdf:li>2.25</rdf:li></rdf:Seq></hdrgm:GainMapMax>\
        <hdrgm:Gamma>x</hdrgm:Gamma>
        """, attributes: "hdrgm:Version=\"1.0\" hdrgm:GainMapMin=\"-0.5\" hdrgm:OffsetSDR=\"0.015625\" hdrgm:HDRCapacityMax=\"3.5\" hdrgm:BaseRenditionIsHDR=\"True\"")
        let g = try #require(AdobeGainMapDescription(d))
        #expect(g.version == "1.0" && g.baseRenditionIsHDR == true)
        #expect(g.gainMapMin == [-0.5] && g.gainMapMax == [3.5, 3, 2.25] && g.offsetSDR == [0.015625])
        #expect(g.gamma == nil && g.offsetHDR == nil && g.hdrCapacityMin == nil && g.hdrCapacityMax == 3.5)
        #expect(g.problems == ["hdrgm:Gamma: 'x' is not a real number"])
    }

    @Test func descriptionsAreNilWithoutTheirNamespace() throws {
        let d = try Self.doc("xmlns:a=\"http://a/\"", "", attributes: "a:v=\"1\"")
        #expect(AppleAuxDescription(d) == nil)
        #expect(DepthDataDescription(d) == nil)
        #expect(PortraitEffectsMatteDescription(d) == nil)
        #expect(SemanticSegmentationMatteDescription(d) == nil)
        #expect(HDRGainMapDescription(d) == nil)
        #expect(AdobeGainMapDescription(d) == nil)
        #expect(GDepthDescription(d) == nil)
        #expect(DynamicDepthDescription(d) == nil)
        #expect(d.extendedXMPGUID == nil)
    }

    @Test func everyPrefixOfTheDynamicDepthPacketIsSafe() throws {
        let bytes = Array(Self.dynamicDepthPacket.utf8)
        for n in 0..<bytes.count {
            do {
                let d = try XMPDocument(parsing: bytes.prefix(n), at: 0, path: "")
                _ = DynamicDepthDescription(d)
            } catch {
                #expect(error.code == .xmpNotWellFormed || error.code == .xmpNoRDF)
            }
        }
    }
}
