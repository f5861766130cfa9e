import Container

/// The XMP Google's depth formats put in a photo's primary image, as `rdf:Description`
/// elements and whole packets.
///
/// GDepth (Google Depthmap metadata): `GDepth:Format`, `Near`, `Far`, `Units`, `MeasureType`
/// and `Mime` in the StandardXMP packet, the base64 image `GDepth:Data` in the Extended XMP
/// packet that `xmpNote:HasExtendedXMP` names by its MD5 (Adobe XMP Specification Part 3
/// §1.1.3.1), as Google Camera's Lens Blur writes it.
///
/// Dynamic Depth 1.0 §Elements: a `Device` with `Profiles` (one `DepthPhoto` profile naming
/// camera 0), `Cameras` (camera 0: its `Image`, the primary, and its `DepthMap`) and the
/// `Container` directory of the items after the primary, each `rdf:li` wrapping its element.
enum GoogleDepthXMP {
    /// `x:xmpmeta` around `descriptions`.
    static func packet(_ descriptions: String) -> String {
        "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\" x:xmptk=\"depthcheck\">"
            + "<rdf:RDF xmlns:rdf=\"\(XMPNamespace.rdf)\">" + descriptions + "</rdf:RDF></x:xmpmeta>"
    }

    /// GDepth's properties but the image, and the note naming the packet that holds it.
    static func gdepthDescription(_ map: GoogleDepthMap, extendedGUID: String) -> String {
        "<rdf:Description rdf:about=\"\" xmlns:GDepth=\"\(XMPNamespace.gDepth)\" xmlns:xmpNote=\"\(XMPNamespace.xmpNote)\""
            + " GDepth:Format=\"\(map.format.rawValue)\" GDepth:Near=\"\(map.near)\" GDepth:Far=\"\(map.far)\""
            + " GDepth:Units=\"m\" GDepth:MeasureType=\"OpticalAxis\" GDepth:Mime=\"image/png\""
            + " xmpNote:HasExtendedXMP=\"\(extendedGUID)\"/>"
    }

    /// The Extended XMP packet: the image, base64.
    static func gdepthExtendedPacket(png: [UInt8]) -> String {
        packet("<rdf:Description rdf:about=\"\" xmlns:GDepth=\"\(XMPNamespace.gDepth)\" GDepth:Data=\"\(Base64.encode(png))\"/>")
    }

    /// The StandardXMP description that names the Extended XMP packet by its MD5.
    static func extendedNote(_ guid: String) -> String {
        "<rdf:Description rdf:about=\"\" xmlns:xmpNote=\"\(XMPNamespace.xmpNote)\" xmpNote:HasExtendedXMP=\"\(guid)\"/>"
    }

    /// The URIs of the items, as Android's camera service names them (AOSP
    /// `DepthPhotoProcessor`; the primary's placeholder from `external/dynamic_depth`).
    static let primaryURI = "primary_image"
    static let depthURI = "android/depthmap"
    static let confidenceURI = "android/confidencemap"

    /// The `Device` description of a photo with one camera and its depth and confidence maps,
    /// laid out as Android's `external/dynamic_depth` writes it: the Container (a resource),
    /// then the Profiles, then the Cameras, each `rdf:li` holding its typed element, fields as
    /// attributes.
    static func dynamicDepthDescription(_ map: GoogleDepthMap, depthLength: Int, confidenceLength: Int) -> String {
        func ns(_ prefix: String) -> String { " xmlns:\(prefix)=\"\(XMPNamespace.dynamicDepth(prefix.lowercased()))\"" }
        let items = [(0, primaryURI), (depthLength, depthURI), (confidenceLength, confidenceURI)]
        var s = "<rdf:Description rdf:about=\"\""
        for p in ["Device", "Container", "Item", "Profile", "Camera", "Image", "DepthMap"] { s += ns(p) }
        s += "><Device:Container rdf:parseType=\"Resource\"><Container:Directory><rdf:Seq>"
        for (length, uri) in items {
            s += "<rdf:li><Container:Item Item:Mime=\"image/jpeg\" Item:Length=\"\(length)\" Item:DataURI=\"\(uri)\"/></rdf:li>"
        }
        s += "</rdf:Seq></Container:Directory></Device:Container>"
        s += "<Device:Profiles><rdf:Seq><rdf:li><Device:Profile Profile:Type=\"DepthPhoto\">"
        s += "<Profile:CameraIndices><rdf:Seq><rdf:li>0</rdf:li></rdf:Seq></Profile:CameraIndices>"
        s += "</Device:Profile></rdf:li></rdf:Seq></Device:Profiles>"
        s += "<Device:Cameras><rdf:Seq><rdf:li><Device:Camera Camera:Trait=\"Physical\">"
        s += "<Camera:Image Image:ItemSemantic=\"Primary\" Image:ItemURI=\"\(primaryURI)\"/>"
        s += "<Camera:DepthMap DepthMap:ItemSemantic=\"Depth\" DepthMap:Format=\"\(map.format.rawValue)\" DepthMap:Units=\"Meters\""
        s += " DepthMap:Near=\"\(map.near)\" DepthMap:Far=\"\(map.far)\" DepthMap:DepthURI=\"\(depthURI)\""
        s += " DepthMap:MeasureType=\"OpticalAxis\" DepthMap:ConfidenceURI=\"\(confidenceURI)\"/>"
        s += "</Device:Camera></rdf:li></rdf:Seq></Device:Cameras></rdf:Description>"
        return s
    }
}
