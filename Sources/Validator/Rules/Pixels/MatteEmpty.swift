import AuxData

/// A portrait effects matte is 1.0 where the person is and 0.0 elsewhere, and the camera makes
/// one only when it finds a person: a matte of zeros masks nothing, so a portrait effect built
/// on it changes nothing. Semantic mattes (skin, hair, teeth, glasses, sky) are left alone:
/// they are empty whenever the scene has none of their subject. A warning: useless, not
/// malformed.
struct MatteEmpty: PixelRule {
    let info = RuleInfo(
        .pixelsMatteEmpty, .warning,
        Citation(.appleMatte, "AVPortraitEffectsMatte mattingImage (1.0 on the person, 0.0 on the background)"),
        summary: "A portrait effects matte is not entirely 0 (check --pixels).",
        fix: "Store the matte only when it masks someone, or write the matte the camera produced.")

    func evaluate(_ photo: ParsedPhoto, pixels: [AuxPixelSummary], _ options: CheckOptions) -> RuleOutcome {
        overSamples(photo, pixels, where: { $0.kind == .portraitEffectsMatte }) { aux, d in
            guard d.counts.sampleCount > 0, d.counts.maxSample == 0 else { return [] }
            return ["\(aux.named): all \(d.counts.sampleCount) samples are 0 (\(d.layout.width)×\(d.layout.height))"]
        }
    }
}

extension RuleID {
    /// `pixels.matte.empty`, checked by this file's rule.
    package static let pixelsMatteEmpty = RuleID(rawValue: "pixels.matte.empty")
}
