/// Namespace URIs of the XMP schemas depthcheck reads. Only the URI identifies a schema; the
/// prefixes in comments are the customary ones (Adobe XMP Specification Part 1 §7.3).
public enum XMPNamespace {
    /// `rdf`: W3C RDF/XML syntax, the carrier of every XMP packet.
    public static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    /// `x`: the optional `x:xmpmeta` wrapper.
    public static let xmpMeta = "adobe:ns:meta/"
    /// `xml`: `xml:lang` qualifiers.
    public static let xml = "http://www.w3.org/XML/1998/namespace"
    /// `apdi`: Apple pixel data info of an auxiliary image.
    public static let appleAux = "http://ns.apple.com/pixeldatainfo/1.0/"
    /// `depthData`: AVDepthData calibration and quality.
    public static let depthData = "http://ns.apple.com/depthData/1.0/"
    /// `portraitEffectsMatte`.
    public static let portraitEffectsMatte = "http://ns.apple.com/portraitEffectsMatte/1.0/"
    /// `semanticSegmentationMatte`.
    public static let semanticSegmentationMatte = "http://ns.apple.com/semanticSegmentationMatte/1.0/"
    /// `HDRGainMap`.
    public static let hdrGainMap = "http://ns.apple.com/HDRGainMap/1.0/"
    /// `hdrgm`: Adobe's gain map metadata, also used by Android's Ultra HDR format.
    public static let adobeGainMap = "http://ns.adobe.com/hdr-gain-map/1.0/"
    /// `GDepth`: Google depth map (Lens Blur).
    public static let gDepth = "http://ns.google.com/photos/1.0/depthmap/"
    /// `GImage`: Google original image (Lens Blur).
    public static let gImage = "http://ns.google.com/photos/1.0/image/"
    /// `xmpNote`: `HasExtendedXMP` (Adobe XMP Specification Part 3 §1.1.3.1).
    public static let xmpNote = "http://ns.adobe.com/xmp/note/"
    /// `Container`: Google's GContainer directory of the media items after the primary image
    /// (Android Ultra HDR Image Format, "Container element").
    public static let gContainer = "http://ns.google.com/photos/1.0/container/"
    /// `Item`: one GContainer media item (Android Ultra HDR Image Format, "Item element").
    public static let gContainerItem = "http://ns.google.com/photos/1.0/container/item/"
    /// The URIs above, which a packet's names are made into when they spell one
    /// (`XMPNames`): a lookup then finds the same string, equal without comparing bytes.
    static let known = [rdf, xmpMeta, xml, appleAux, depthData, portraitEffectsMatte, semanticSegmentationMatte,
                        hdrGainMap, adobeGainMap, gDepth, gImage, xmpNote]

    /// XDM 1.0 (eXtensible Device Metadata): `http://ns.xdm.org/photos/1.0/<x>/`, `device`,
    /// `camera`, `depthmap`, `image`, `noisemodel`, …, all lower case.
    public static func xdm(_ x: String) -> String { "http://ns.xdm.org/photos/1.0/" + x + "/" }

    /// Google Dynamic Depth 1.0: `http://ns.google.com/photos/dd/1.0/<x>/`.
    public static func dynamicDepth(_ x: String) -> String { "http://ns.google.com/photos/dd/1.0/" + x + "/" }
}
