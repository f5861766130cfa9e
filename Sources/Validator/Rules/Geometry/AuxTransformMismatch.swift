import AuxData

/// HEIF applies irot/imir per item. Apple attaches the primary's own irot to every aux item
/// (seen in iPhone HEIC files), so the map turns with the photo; a different or missing rotation leaves
/// the map in another orientation than the photo it describes. No standard requires it: a
/// note, the grade of a vendor's convention.
struct AuxTransformMismatch: Rule {
    let info = RuleInfo(
        .geometryAuxTransformMismatch, .note,
        Citation(.heif, "§6.5.10 irot, §6.5.12 imir (per item, no requirement across items); Apple's practice: the primary's irot on every aux item"),
        summary: "A HEIF aux item carries the same irot and imir as its primary image.",
        fix: "Associate the primary's irot/imir properties with each aux item.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard photo.container == .heif, !photo.auxImages.isEmpty else { return .notApplicable }
        let p = photo.primary.transforms
        return .from(photo.auxImages.filter { $0.kind != .alpha }.compactMap { a in
            let t = a.geometry.transforms
            guard (t.rotation ?? 0) != (p.rotation ?? 0) || t.mirrorAxis != p.mirrorAxis else { return nil }
            return info.finding(a.location.offset, a.location.path,
                                "\(a.kind.rawValue) item \(a.index) has irot \(t.rotation ?? 0)°/imir \(t.mirrorAxis.map(String.init) ?? "none") but the primary has irot \(p.rotation ?? 0)°/imir \(p.mirrorAxis.map(String.init) ?? "none")")
        })
    }
}

extension RuleID {
    /// `geometry.aux.transform-mismatch`, checked by this file's rule.
    package static let geometryAuxTransformMismatch = RuleID(rawValue: "geometry.aux.transform-mismatch")
}
