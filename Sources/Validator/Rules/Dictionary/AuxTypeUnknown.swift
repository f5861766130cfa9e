import AuxData

/// Apple keeps adding aux types (Photographic Styles maps in iOS 18); an unknown URN is not an
/// error, but the report says what was not understood.
struct AuxTypeUnknown: Rule {
    let info = RuleInfo(
        .dictionaryAuxTypeUnknown, .note,
        Citation(.heif, "§6.5.8 auxC aux_type (URN)"),
        summary: "Aux images whose type depthcheck does not know are reported, not judged.",
        fix: "Nothing to fix if the type is intended; depthcheck does not check its contents.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard !photo.auxImages.isEmpty else { return .notApplicable }
        return .from(photo.auxImages.filter { $0.kind == .unknown }.map { a in
            info.finding(a.location.offset, a.location.path, "image \(a.index) has aux type '\(a.auxType ?? "(none)")'")
        })
    }
}

extension RuleID {
    /// `dictionary.aux-type.unknown`, checked by this file's rule.
    package static let dictionaryAuxTypeUnknown = RuleID(rawValue: "dictionary.aux-type.unknown")
}
