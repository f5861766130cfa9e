/// Namespace URIs of the XMP schemas depthcheck reads. Only the URI identifies a schema; the
/// prefixes in comments are the customary ones (Adobe XMP Specification Part 1 §7.3).
package enum XMPNamespace {
    /// `rdf`: W3C RDF/XML syntax, the carrier of every XMP packet.
    package static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    /// `x`: the optional `x:xmpmeta` wrapper.
    package static let xmpMeta = "adobe:ns:meta/"
    /// `xml`: `xml:lang` qualifiers.
    package static let xml = "http://www.w3.org/XML/1998/namespace"
    /// `apdi`: Apple pixel data info of an auxiliary image.
    package static let appleAux = "http://ns.apple.com/pixeldatainfo/1.0/"
    /// `depthData`: AVDepthData calibration and quality.
    package static let depthData = "http://ns.apple.com/depthData/1.0/"
    /// `portraitEffectsMatte`.
    package static let portraitEffectsMatte = "http://ns.apple.com/portraitEffectsMatte/1.0/"
    /// `semanticSegmentationMatte`.
    package static let semanticSegmentationMatte = "http://ns.apple.com/semanticSegmentationMatte/1.0/"
    /// `HDRGainMap`.
    package static let hdrGainMap = "http://ns.apple.com/HDRGainMap/1.0/"
    /// `hdrgm`: Adobe's gain map metadata, also used by Android's Ultra HDR format.
    package static let adobeGainMap = "http://ns.adobe.com/hdr-gain-map/1.0/"
    /// `GDepth`: Google depth map (Lens Blur).
    package static let gDepth = "http://ns.google.com/photos/1.0/depthmap/"
    /// `GImage`: Google original image (Lens Blur).
    package static let gImage = "http://ns.google.com/photos/1.0/image/"
    /// `xmpNote`: `HasExtendedXMP` (Adobe XMP Specification Part 3 §1.1.3.1).
    package static let xmpNote = "http://ns.adobe.com/xmp/note/"
    /// `Container`: Google's GContainer directory of the media items after the primary image
    /// (Android Ultra HDR Image Format, "Container element").
    package static let gContainer = "http://ns.google.com/photos/1.0/container/"
    /// `Item`: one GContainer media item (Android Ultra HDR Image Format, "Item element").
    package static let gContainerItem = "http://ns.google.com/photos/1.0/container/item/"
    /// The URIs above, which a packet's names are made into when they spell one
    /// (`XMPNames`): a lookup then finds the same string, equal without comparing bytes.
    static let known = [rdf, xmpMeta, xml, appleAux, depthData, portraitEffectsMatte, semanticSegmentationMatte,
                        hdrGainMap, adobeGainMap, gDepth, gImage, xmpNote]

    /// XDM 1.0 (eXtensible Device Metadata): `http://ns.xdm.org/photos/1.0/<x>/`, `device`,
    /// `camera`, `depthmap`, `image`, `noisemodel`, …, all lower case.
    package static func xdm(_ x: String) -> String { "http://ns.xdm.org/photos/1.0/" + x + "/" }

    /// Google Dynamic Depth 1.0: `http://ns.google.com/photos/dd/1.0/<x>/`.
    package static func dynamicDepth(_ x: String) -> String { "http://ns.google.com/photos/dd/1.0/" + x + "/" }
}
