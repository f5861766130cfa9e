import AuxData

/// A matte is the photo's subject mask at reduced size (half the linear size in Apple's
/// files); it must keep the photo's aspect ratio in the stored frame.
struct MatteAspectMismatch: Rule {
    let info = RuleInfo(
        "matte.aspect-mismatch", .warning,
        Citation(.observed, "§3.2: mattes are the primary downscaled (3024×4032 → 1512×2016)"),
        summary: "A matte has the primary's aspect ratio in the same frame, to one pixel.",
        fix: "Scale the matte from the photo's stored frame without cropping.")

    func evaluate(_ photo: DepthPhoto, _ options: CheckOptions) -> RuleOutcome {
        let mattes = photo.auxImages.filter { $0.kind.isMatte && $0.width != nil && $0.height != nil }
        guard !mattes.isEmpty, photo.primary.width > 0, photo.primary.height > 0 else { return .notApplicable }
        let p = photo.primary
        return .from(mattes.compactMap { a in
            guard let w = a.width, let h = a.height,
                  !Aspect.matches(width: w, height: h, frameWidth: p.width, frameHeight: p.height) else { return nil }
            return info.finding(a.location.offset, a.location.path,
                                "\(a.kind.rawValue) image \(a.index) is \(Aspect.ratio(w, h)) but the primary is \(Aspect.ratio(p.width, p.height))")
        })
    }
}
