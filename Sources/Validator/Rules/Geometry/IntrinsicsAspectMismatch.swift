import AuxData

/// The intrinsic matrix is given for a reference frame (IntrinsicMatrixReferenceWidth/Height)
/// that need not be the photo's size (a 5712×4284 photo has a 4224-wide reference), but must
/// have its aspect: otherwise the calibration belongs to another crop or orientation.
struct IntrinsicsAspectMismatch: Rule {
    let info = RuleInfo(
        .geometryIntrinsicsAspectMismatch, .warning,
        Citation(.appleDepth, "AVCameraCalibrationData intrinsicMatrixReferenceDimensions"),
        summary: "IntrinsicMatrixReferenceWidth/Height have the primary's aspect ratio.",
        fix: "Apply the same orientation to the calibration as to the photo (depthDataByApplyingExifOrientation).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let maps = photo.auxImages.filter { $0.depthData?.intrinsicMatrixReferenceWidth != nil && $0.depthData?.intrinsicMatrixReferenceHeight != nil }
        guard !maps.isEmpty else { return .notApplicable }
        let p = photo.primary
        return .from(maps.compactMap { a in
            guard let w = a.depthData?.intrinsicMatrixReferenceWidth, let h = a.depthData?.intrinsicMatrixReferenceHeight,
                  !Aspect.matches(width: w, height: h, frameWidth: p.width, frameHeight: p.height) else { return nil }
            let at = a.valueLocation(XMPNamespace.depthData, "IntrinsicMatrixReferenceWidth")
            return info.finding(at.offset, at.path,
                                "image \(a.index): intrinsic reference \(Aspect.ratio(w, h)) but the primary is \(Aspect.ratio(p.width, p.height))")
        })
    }
}

extension RuleID {
    /// `geometry.intrinsics.aspect-mismatch`, checked by this file's rule.
    package static let geometryIntrinsicsAspectMismatch = RuleID(rawValue: "geometry.intrinsics.aspect-mismatch")
}
