import AuxData

/// Apple's `HDRGainMap` XMP says which version of Apple's gain map an aux image is and, from
/// version 131072 on, its headroom. Version 65536 files (iOS 16 and earlier cameras) keep the
/// headroom in the Apple MakerNote instead, so its absence there is Apple's own output; a
/// version 131072 gain map without it, a headroom that is not a positive number, or the XMP on
/// an image that is not an HDR gain map leaves ImageIO guessing. This is Apple's convention,
/// written by its cameras and by ImageIO, not a published requirement.
struct AppleGainMapInconsistent: Rule {
    static let knownVersions = [65536, 131072]

    let info = RuleInfo(
        .gainmapAppleInconsistent, .note,
        Citation(.appleImageIO, "kCGImageAuxiliaryDataTypeHDRGainMap; HDRGainMap XMP as Apple cameras (version 65536) and ImageIO (version 131072) write it"),
        summary: "Apple HDRGainMap XMP sits on an HDR gain map, has a known HDRGainMapVersion, and from version 131072 a positive HDRGainMapHeadroom.",
        fix: "Write HDRGainMapVersion (65536 or 131072) and, for 131072, HDRGainMapHeadroom on the gain map's XMP only.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        overDescribed(photo, \.appleGainMap, problems)
    }

    func problems(_ a: ParsedAuxImage, _ g: HDRGainMapDescription) -> [String] {
        var out: [String] = []
        if a.kind != .hdrGainMap { out.append("HDRGainMap XMP on a \(a.kind.rawValue) image") }
        switch g.hdrGainMapVersion {
        case nil: out.append("HDRGainMap XMP without HDRGainMapVersion")
        case let v? where !Self.knownVersions.contains(v): out.append("HDRGainMapVersion \(v) is not one Apple writes (65536, 131072)")
        case let v? where v >= 131072 && g.hdrGainMapHeadroom == nil: out.append("HDRGainMapVersion \(v) without HDRGainMapHeadroom")
        default: break
        }
        if let h = g.hdrGainMapHeadroom, !(h > 0) { out.append("HDRGainMapHeadroom \(h) is not above 0") }
        return out
    }
}

extension RuleID {
    /// `gainmap.apple.inconsistent`, checked by this file's rule.
    package static let gainmapAppleInconsistent = RuleID(rawValue: "gainmap.apple.inconsistent")
}
