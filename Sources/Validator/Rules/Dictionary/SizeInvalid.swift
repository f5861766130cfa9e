import AuxData
import Container

/// kCGImagePropertyWidth/Height come from the coded aux image; a zero or missing size gives
/// ImageIO nothing to build the description from, and a size whose data length overflows
/// cannot be allocated.
struct SizeInvalid: Rule {
    let info = RuleInfo(
        .dictionarySizeInvalid, .error,
        Citation(.appleImageIO, "kCGImagePropertyWidth, kCGImagePropertyHeight, kCGImagePropertyBytesPerRow"),
        summary: "Every aux image has a width and height above zero, and height × BytesPerRow fits in memory.",
        fix: "Store the aux image with its real pixel size (JPEG SOF, HEIF ispe).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard !photo.auxImages.isEmpty else { return .notApplicable }
        return .from(photo.auxImages.compactMap { a in
            guard let w = a.width, let h = a.height else {
                return info.finding(a.location.offset, a.location.path, "\(a.kind.rawValue) image \(a.index) has no readable size")
            }
            if w <= 0 || h <= 0 {
                return info.finding(a.location.offset, a.location.path, "\(a.kind.rawValue) image \(a.index) is \(w)×\(h)")
            }
            if let d = a.dictionary {
                guard let len = d.dataLength, len <= options.limits.maxAllocation else {
                    return info.finding(a.location.offset, a.location.path,
                                        "image \(a.index): \(d.height) rows of \(d.bytesPerRow) bytes exceed the allocation limit of \(options.limits.maxAllocation)")
                }
            }
            return nil
        })
    }
}

extension RuleID {
    /// `dictionary.size.invalid`, checked by this file's rule.
    package static let dictionarySizeInvalid = RuleID(rawValue: "dictionary.size.invalid")
}
