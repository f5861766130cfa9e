import AuxData

extension ParsedPhoto {
    /// Depth and disparity maps that carry an Apple apdi description. A map without one is
    /// `dictionary.pixel-format.missing`'s concern, not a range rule's.
    var describedDepthMaps: [ParsedAuxImage] {
        auxImages.filter { $0.kind.isDepthLike && $0.hasAppleDescription }
    }
}

extension ParsedAuxImage {
    /// Where a finding about the aux description points: its XMP, else the image.
    var descriptionLocation: SourceLocation { xmpLocation ?? location }

    /// Where a finding about one XMP value points: the property's own offset in the file
    /// (its element or attribute), else the description's. The path stays the packet's, so
    /// a finding keeps its path whichever way the packet writes the property.
    func valueLocation(_ namespace: String, _ name: String) -> SourceLocation {
        let at = descriptionLocation
        return SourceLocation(offset: xmp?.property(namespace, name)?.offset ?? at.offset, path: at.path)
    }
}

extension Rule {
    /// The outcome of checking every described depth or disparity map: `check` gives the
    /// problems of one map as messages, each a finding at the apdi property `name` (at the
    /// map's description when the map does not write it).
    /// Not applicable when the photo has no described map.
    func overDescribedDepthMaps(_ photo: ParsedPhoto, at name: String, _ check: (ParsedAuxImage) -> [String]) -> RuleOutcome {
        let maps = photo.describedDepthMaps
        guard !maps.isEmpty else { return .notApplicable }
        return .from(maps.flatMap { a in
            let at = a.valueLocation(XMPNamespace.appleAux, name)
            return check(a).map { info.finding(at.offset, at.path, $0) }
        })
    }
}
