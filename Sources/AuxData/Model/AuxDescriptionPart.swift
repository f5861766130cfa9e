import Container

/// One source of what a file says about an aux image's values, kept as that source writes it.
package enum AuxDescriptionPart: Sendable, Equatable {
    /// Apple's pixel data info (`apdi` XMP): formats and the integer/float range.
    case apple(AppleAuxDescription)
    /// Apple's `depthData` XMP: accuracy, calibration and its reference size.
    case depthData(DepthDataDescription)
    /// The HEVC depth representation SEI in a HEIF depth item's `auxC` subtype.
    case depthRepresentation(DepthRepresentation)
    /// Apple's `PortraitEffectsMatte` XMP.
    case portraitEffectsMatte(PortraitEffectsMatteDescription)
    /// Apple's `SemanticSegmentationMatte` XMP.
    case semanticSegmentationMatte(SemanticSegmentationMatteDescription)
    /// Apple's `HDRGainMap` XMP.
    case hdrGainMap(HDRGainMapDescription)
    /// Google's GDepth XMP in the primary image.
    case gdepth(GDepthDescription)
    /// Google's Dynamic Depth description of a map appended after the primary image.
    case dynamicDepth(DynamicDepthMap)
    /// Adobe's `hdrgm` gain map XMP (also Android Ultra HDR).
    case adobeGainMap(AdobeGainMapDescription)
    /// The ISO 21496-1 metadata of the HEIF `tmap` item that takes this image as its gain map.
    case toneMap(GainMapToneMap)
    /// One camera's depth map of an XDM 1.0 device description in the primary's XMP.
    case xdmDepthMap(XDMDescription.DepthMap)
    /// A depth map block of Samsung's SEF trailer.
    case samsungDepth(SamsungDepthMap)
    /// A view or disparity map of a Leia LIF trailer.
    case leia(LeiaMap)

    /// Every description an aux image's XMP packet holds (Apple's namespaces, then Adobe's
    /// `hdrgm`), in a fixed order. Values that do not have their schema's type become issues
    /// at the packet.
    static func descriptions(in doc: XMPDocument?, at location: SourceLocation?, issues: inout [ParseError]) -> [AuxDescriptionPart] {
        guard let doc else { return [] }
        var parts: [AuxDescriptionPart] = []
        var problems: [String] = []
        if let v = AppleAuxDescription(doc) { parts.append(.apple(v)); problems += v.problems }
        if let v = DepthDataDescription(doc) { parts.append(.depthData(v)); problems += v.problems }
        if let v = PortraitEffectsMatteDescription(doc) { parts.append(.portraitEffectsMatte(v)); problems += v.problems }
        if let v = SemanticSegmentationMatteDescription(doc) { parts.append(.semanticSegmentationMatte(v)); problems += v.problems }
        if let v = HDRGainMapDescription(doc) { parts.append(.hdrGainMap(v)); problems += v.problems }
        if let v = AdobeGainMapDescription(doc) { parts.append(.adobeGainMap(v)); problems += v.problems }
        issues += XMPProblems.issues(problems, in: doc, at: location ?? SourceLocation(offset: doc.offset, path: doc.path))
        return parts
    }
}

/// Conversion problems of XMP descriptions, as reader issues in the packet they came from, at
/// the offset of the property each names, else at `location`.
enum XMPProblems {
    static func issues(_ problems: [String], in doc: XMPDocument?, at location: SourceLocation) -> [ParseError] {
        problems.map { ParseError(.xmpValueInvalid, at: offset(of: $0, in: doc) ?? location.offset, path: location.path, $0) }
    }

    /// The offset of the top-level property a problem is about. `XMPFieldReader` starts every
    /// problem with the property's `prefix:name`, then `:` or an item's `[i]`.
    static func offset(of problem: String, in doc: XMPDocument?) -> Int? {
        doc?.properties.first { p in
            problem.hasPrefix(p.qualifiedName + ":") || problem.hasPrefix(p.qualifiedName + "[")
        }?.offset
    }
}
