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
    typealias Element = XMPWriter.Element
    typealias G = GDepthDescription.Name
    typealias D = DynamicDepthDescription.Name

    /// `x:xmpmeta` around `description`, a serialized `rdf:Description`.
    static func packet(_ description: String) -> String {
        XMPWriter.packet(serialized: [description])
    }

    /// GDepth's properties but the image, and the note naming the packet that holds it.
    static func gdepthDescription(_ map: GoogleDepthMap, extendedGUID: String) -> String {
        let fields: [(XMPName, String)] = [
            (G.format, map.format.rawValue), (G.near, "\(map.near)"), (G.far, "\(map.far)"), (G.units, "m"),
            (G.measureType, "OpticalAxis"), (G.mime, "image/png"), (XMPName.hasExtendedXMP, extendedGUID),
        ]
        return XMPWriter.serialized(XMPWriter.description(declaring: XMPWriter.namespaces(of: fields.map(\.0)), fields))
    }

    /// The Extended XMP packet: the image, base64.
    static func gdepthExtendedPacket(png: [UInt8]) -> String {
        let fields = [(G.data, Base64.encode(png))]
        return XMPWriter.packet([XMPWriter.description(declaring: XMPWriter.namespaces(of: [G.data]), fields)])
    }

    /// The StandardXMP description that names the Extended XMP packet by its MD5.
    static func extendedNote(_ guid: String) -> String {
        let fields = [(XMPName.hasExtendedXMP, guid)]
        return XMPWriter.serialized(XMPWriter.description(declaring: XMPWriter.namespaces(of: [XMPName.hasExtendedXMP]), fields))
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
        let items = [(0, primaryURI), (depthLength, depthURI), (confidenceLength, confidenceURI)].map { length, uri in
            [Element(D.containerItem, [(D.itemMime, "image/jpeg"), (D.itemLength, "\(length)"), (D.itemDataURI, uri)])]
        }
        var container = Element(D.deviceContainer, children: [Element.sequence(D.containerDirectory, items)])
        container.attributes = [("rdf:parseType", "Resource")]
        let profile = Element(D.deviceProfile, [(D.profileType, "DepthPhoto")],
                              children: [Element.sequence(D.profileCameraIndices, texts: ["0"])])
        let image = Element(D.cameraImage, [(D.imageItemSemantic, "Primary"), (D.imageItemURI, primaryURI)])
        let depthMap = Element(D.cameraDepthMap, [
            (D.depthMapItemSemantic, "Depth"), (D.depthMapFormat, map.format.rawValue), (D.depthMapUnits, "Meters"),
            (D.depthMapNear, "\(map.near)"), (D.depthMapFar, "\(map.far)"), (D.depthMapDepthURI, depthURI),
            (D.depthMapMeasureType, "OpticalAxis"), (D.depthMapConfidenceURI, confidenceURI),
        ])
        let camera = Element(D.deviceCamera, [(D.cameraTrait, "Physical")], children: [image, depthMap])
        let children = [container, Element.sequence(D.deviceProfiles, [[profile]]), Element.sequence(D.deviceCameras, [[camera]])]
        let declared = ["Device", "Container", "Item", "Profile", "Camera", "Image", "DepthMap"].map {
            (prefix: $0, namespace: XMPNamespace.dynamicDepth($0.lowercased()))
        }
        return XMPWriter.serialized(XMPWriter.description(declaring: declared, [], children: children))
    }
}
