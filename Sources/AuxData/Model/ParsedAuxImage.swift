import Container

/// One auxiliary image of a photo, from a JPEG MPF entry, a HEIF aux item or a GDepth
/// payload: how it is stored, what the file says of its values, the aux data dictionary
/// ImageIO's `CGImageSourceCopyAuxiliaryDataInfoAtIndex` would return, and its geometry.
package struct ParsedAuxImage: Sendable {
    /// MPF entry number (1-based, the primary is 1), HEIF item ID, 0 for GDepth, or for a
    /// Dynamic Depth map its `Container:Directory` position counted from 1 (the primary),
    /// after the MPF entries when the file has an MP index too.
    package let index: Int
    package let kind: AuxImageKind
    package let semanticMatte: SemanticMatte?
    /// The HEIF auxC URN, the JPEG apdi AuxiliaryImageType, or `GDepth`.
    package let auxType: String?
    package let coded: CodedImage
    /// What the file says about the values, each part as its source writes it.
    package let parts: [AuxDescriptionPart]
    /// The aux data dictionary ImageIO would return; nil when the native format is unknown.
    package let dictionary: AuxDataInfo?
    package let geometry: AuxGeometry
    /// XMP properties as `prefix:name`, in document order.
    package let metadata: [(String, MetadataValue)]
    /// Where the aux image's XMP is.
    package let xmpLocation: SourceLocation?
    /// The aux image's XMP packet as parsed, each property with its offset in the file.
    package let xmp: XMPDocument?

    package init(index: Int, kind: AuxImageKind, semanticMatte: SemanticMatte? = nil, auxType: String?,
                coded: CodedImage, parts: [AuxDescriptionPart], geometry: AuxGeometry,
                metadata: [(String, MetadataValue)] = [], xmpLocation: SourceLocation? = nil, xmp: XMPDocument? = nil) {
        self.index = index
        self.kind = kind
        self.semanticMatte = semanticMatte
        self.auxType = auxType
        self.coded = coded
        self.parts = parts
        self.geometry = geometry
        self.metadata = metadata
        self.xmpLocation = xmpLocation
        self.xmp = xmp
        self.dictionary = ParsedAuxImage.dictionary(kind: kind, nativeFormat: parts.lazy.compactMap(\.apple).first?.nativeFormat,
                                              coded: coded)
    }

    /// The dictionary ImageIO builds: the native format at the coded size, rows packed.
    /// Gain maps and mattes without apdi are one 8-bit component in memory too: ImageIO
    /// describes them as L008 (kCVPixelFormatType_OneComponent8).
    static func dictionary(kind: AuxImageKind, nativeFormat: PixelFormat?, coded: CodedImage) -> AuxDataInfo? {
        var format = nativeFormat
        if format == nil, kind == .hdrGainMap || kind.isMatte, coded.components == 1, coded.bitDepth == 8 {
            format = PixelFormat.L008
        }
        guard let f = format, let w = coded.width, let h = coded.height else { return nil }
        return AuxDataInfo.packed(f, width: w, height: h)
    }

    // MARK: - Parts

    /// Apple's apdi description, when the image has one.
    package var apple: AppleAuxDescription? { parts.lazy.compactMap(\.apple).first }
    /// Apple's depthData description, when the image has one.
    package var depthData: DepthDataDescription? { parts.lazy.compactMap(\.depthData).first }
    /// Apple's `HDRGainMap` description, when the image has one.
    package var appleGainMap: HDRGainMapDescription? { parts.lazy.compactMap(\.hdrGainMap).first }
    /// Adobe's `hdrgm` description, when the image has one.
    package var adobeGainMap: AdobeGainMapDescription? { parts.lazy.compactMap(\.adobeGainMap).first }
    /// The `tmap` items that use this image as their gain map.
    package var toneMaps: [GainMapToneMap] { parts.compactMap(\.toneMap) }
    /// The HEVC depth representation SEI values, when present.
    package var representation: DepthRepresentation? { parts.lazy.compactMap(\.depthRepresentation).first }
    /// The GDepth description of a depth map kept in the primary's XMP (Google's depth map
    /// format), nil for an aux image of its own.
    package var gdepth: GDepthDescription? { parts.lazy.compactMap(\.gdepth).first }
    /// A GDepth depth map: index 0, its PNG or JPEG in the primary's (Extended) XMP.
    package var isGDepth: Bool { gdepth != nil }
    /// The Dynamic Depth description of a depth or confidence map appended after the primary
    /// image, nil for others.
    package var dynamicDepth: DynamicDepthMap? { parts.lazy.compactMap(\.dynamicDepth).first }
    /// A Dynamic Depth depth or confidence map: a `Container:Item` after the primary's EOI.
    package var isDynamicDepth: Bool { dynamicDepth != nil }
    /// A map Google's metadata describes (GDepth or Dynamic Depth), which carries no Apple
    /// pixel data info.
    package var isGoogleDepth: Bool { isGDepth || isDynamicDepth }

    /// apdi NativeFormat (the in-memory format) and StoredFormat (as stored in the file).
    package var nativeFormat: PixelFormat? { apple?.nativeFormat }
    package var storedFormat: PixelFormat? { apple?.storedFormat }
    /// The apdi integer and float range of the stored samples.
    package var valueRange: PixelValueRange {
        let a = apple
        return PixelValueRange(intMin: a?.intMinValue, intMax: a?.intMaxValue, floatMin: a?.floatMinValue, floatMax: a?.floatMaxValue)
    }

    /// Whether the image has an Apple apdi description with any of the fields ImageIO reads.
    package var hasAppleDescription: Bool {
        guard let a = apple else { return false }
        return a.nativeFormat != nil || a.storedFormat != nil || a.auxiliaryImageType != nil
            || a.intMinValue != nil || a.intMaxValue != nil || a.floatMinValue != nil || a.floatMaxValue != nil
    }

    /// The channels a gain map's metadata describes: 3 when its ISO 21496-1 metadata is
    /// multichannel (ISO 21496-1 §6.2) or its `hdrgm` per-channel fields are an `rdf:Seq` of
    /// three (Adobe Gain Map specification 1.0), else 1.
    package var gainMapChannels: Int {
        guard kind == .hdrGainMap else { return 1 }
        if toneMaps.contains(where: { $0.toneMap.metadata?.isMultichannel == true }) { return 3 }
        if let a = adobeGainMap, [a.gainMapMin, a.gainMapMax, a.gamma, a.offsetSDR, a.offsetHDR].contains(where: { $0?.count == 3 }) {
            return 3
        }
        return 1
    }

    /// Whether the image decodes to red, green and blue: a colour gain map (three channels in
    /// its metadata) whose coding holds three colour components. Every other image decodes to
    /// one channel, its luma.
    package var decodesInColour: Bool { gainMapChannels == 3 && coded.components == 3 }

    /// The XDM 1.0 depth map this image is, when it is one.
    package var xdmDepthMap: XDMDescription.DepthMap? {
        parts.lazy.compactMap { if case .xdmDepthMap(let m) = $0 { return m } else { return nil } }.first
    }

    /// The Samsung SEF depth map block this image is, when it is one.
    package var samsungDepth: SamsungDepthMap? {
        parts.lazy.compactMap { if case .samsungDepth(let m) = $0 { return m } else { return nil } }.first
    }

    /// The Leia LIF field this image is, when it is one.
    package var leia: LeiaMap? {
        parts.lazy.compactMap { if case .leia(let m) = $0 { return m } else { return nil } }.first
    }

    package var width: Int? { coded.width }
    package var height: Int? { coded.height }
    /// Where the aux image starts.
    package var location: SourceLocation { coded.location }
}

extension AuxDescriptionPart {
    var apple: AppleAuxDescription? { if case .apple(let v) = self { return v } else { return nil } }
    var depthData: DepthDataDescription? { if case .depthData(let v) = self { return v } else { return nil } }
    var hdrGainMap: HDRGainMapDescription? { if case .hdrGainMap(let v) = self { return v } else { return nil } }
    var adobeGainMap: AdobeGainMapDescription? { if case .adobeGainMap(let v) = self { return v } else { return nil } }
    var toneMap: GainMapToneMap? { if case .toneMap(let v) = self { return v } else { return nil } }
    var gdepth: GDepthDescription? { if case .gdepth(let v) = self { return v } else { return nil } }
    var dynamicDepth: DynamicDepthMap? { if case .dynamicDepth(let v) = self { return v } else { return nil } }
    var depthRepresentation: DepthRepresentation? {
        if case .depthRepresentation(let v) = self { return v } else { return nil }
    }
}
