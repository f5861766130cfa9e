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
