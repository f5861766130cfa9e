import AuxData
import Container

/// apdi:StoredFormat names what the file holds; Apple stores every map as L008, one 8-bit
/// gray component. A coded image with more components or bits than that is not what the
/// XMP promises, and ImageIO's integer-to-float mapping would read the wrong samples.
struct StoredFormatMismatch: Rule {
    let info = RuleInfo(
        .dictionaryStoredFormatMismatch, .error,
        Citation(.appleDepth, "Creating auxiliary depth data manually: kCVPixelFormatType_OneComponent8"),
        summary: "apdi:StoredFormat is L008 and the coded aux image is one 8-bit component.",
        fix: "Encode the stored map as 8-bit grayscale (one component) with apdi:StoredFormat 1278226488 (L008).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        let images = photo.auxImages.filter { $0.storedFormat != nil }
        guard !images.isEmpty else { return .notApplicable }
        var out: [RuleFinding] = []
        for a in images {
            guard let s = a.storedFormat else { continue }
            if s != PixelFormat.L008 {
                let at = a.valueLocation(XMPNamespace.appleAux, "StoredFormat")
                out.append(info.finding(at.offset, at.path,
                                        "image \(a.index) declares stored format '\(s)' (\(s.osType)); only L008 is stored"))
                continue
            }
            if let c = a.coded.components, c != 1 {
                out.append(info.finding(a.location.offset, a.location.path,
                                        "image \(a.index) declares L008 but is coded with \(c) components"))
            }
            if let b = a.coded.bitDepth, b != 8 {
                out.append(info.finding(a.location.offset, a.location.path,
                                        "image \(a.index) declares L008 but is coded with \(b) bits per component"))
            }
        }
        return .from(out)
    }
}

extension RuleID {
    /// `dictionary.stored-format.mismatch`, checked by this file's rule.
    package static let dictionaryStoredFormatMismatch = RuleID(rawValue: "dictionary.stored-format.mismatch")
}
