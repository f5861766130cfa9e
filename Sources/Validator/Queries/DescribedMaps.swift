import AuxData

extension DepthPhoto {
    /// Depth and disparity maps that carry an Apple apdi description. A map without one is
    /// `dictionary.pixel-format.missing`'s concern, not a range rule's.
    var describedDepthMaps: [AuxImage] {
        auxImages.filter { $0.kind.isDepthLike && $0.hasAppleDescription }
    }
}

extension AuxImage {
    /// Where a finding about the aux description points: its XMP, else the image.
    var descriptionLocation: SourceLocation { xmpLocation ?? location }
}

extension Rule {
    /// The outcome of checking every described depth or disparity map: `check` gives the
    /// problems of one map as messages, each a finding at the map's description.
    /// Not applicable when the photo has no described map.
    func overDescribedDepthMaps(_ photo: DepthPhoto, _ check: (AuxImage) -> [String]) -> RuleOutcome {
        let maps = photo.describedDepthMaps
        guard !maps.isEmpty else { return .notApplicable }
        return .from(maps.flatMap { a in
            check(a).map { info.finding(a.descriptionLocation.offset, a.descriptionLocation.path, $0) }
        })
    }
}
