import AuxData
import Container

/// MIAF §7.3.6.7 (ISO/IEC 23000-22 Amd 2): a clean aperture falls on whole chroma samples. For
/// 4:2:2 the horizontal cropped offset and width are even; for 4:2:0 the horizontal and the
/// vertical ones are. A crop that splits a chroma sample cannot be taken without resampling
/// the chroma planes. The offset is the left (top) edge: the aperture's centre, `horizOff`
/// from the image's, less half its width (ISO/IEC 14496-12 §12.1.4.1). Judged for files that
/// declare the `miaf` brand, for HEVC items whose hvcC gives the chroma format.
struct MIAFCleanApertureAlignment: Rule {
    let info = RuleInfo(
        .structureHEIFClapChromaAlignment, .error,
        Citation(.miaf, "§7.3.6.7 clean aperture: even offsets and widths for 4:2:2 (horizontal) and 4:2:0 (both)"),
        summary: "In a MIAF file, a 4:2:0 or 4:2:2 item's clean aperture starts and ends on whole chroma samples.",
        fix: "Write the clap with even offsets and sizes in each direction the chroma is subsampled.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, MIAFBrands.declaresMIAF(file.fileType) else { return .notApplicable }
        var applies = false
        var findings: [RuleFinding] = []
        let items = file.items
        for i in items.indices {
            let id = items[i].id
            guard let c = file.hvcC(of: id), c.chromaFormatIDC == 1 || c.chromaFormatIDC == 2, let s = file.ispe(of: id) else { continue }
            for p in file.properties(of: id) {
                guard case .clap(let clap) = p.value else { continue }
                applies = true
                var odd: [String] = []
                if !Self.isEven(size: clap.widthN, clap.widthD) { odd.append("width \(clap.widthN)/\(clap.widthD)") }
                if !Self.isEvenEdge(image: s.width, clean: (clap.widthN, clap.widthD), offset: (clap.horizOffN, clap.horizOffD)) {
                    odd.append("left edge (horizOff \(clap.horizOffN)/\(clap.horizOffD))")
                }
                if c.chromaFormatIDC == 1 {
                    if !Self.isEven(size: clap.heightN, clap.heightD) { odd.append("height \(clap.heightN)/\(clap.heightD)") }
                    if !Self.isEvenEdge(image: s.height, clean: (clap.heightN, clap.heightD), offset: (clap.vertOffN, clap.vertOffD)) {
                        odd.append("top edge (vertOff \(clap.vertOffN)/\(clap.vertOffD))")
                    }
                }
                guard !odd.isEmpty else { continue }
                let place = AssociatedPropertyPlace(p)
                findings.append(info.finding(place.offset, place.path,
                                             "item \(id) (4:2:\(c.chromaFormatIDC == 1 ? "0" : "2")): clean aperture not on even whole samples: \(odd.joined(separator: ", "))"))
            }
        }
        return applies ? .from(findings) : .notApplicable
    }

    /// n/d is an even whole number.
    static func isEven(size n: UInt32, _ d: UInt32) -> Bool {
        d != 0 && n % d == 0 && (n / d) % 2 == 0
    }

    /// The edge offset + (image − clean)/2 is an even whole number, worked out over the common
    /// denominator 2·cd·od in 64 bits; values that would overflow are not judged.
    static func isEvenEdge(image: UInt32, clean: (n: UInt32, d: UInt32), offset: (n: Int32, d: UInt32)) -> Bool {
        guard clean.d != 0, offset.d != 0 else { return false }
        let cd = Int64(clean.d), od = Int64(offset.d)
        let (imageScaled, o1) = Int64(image).multipliedReportingOverflow(by: cd)
        let (twoOffset, o2) = (2 * Int64(offset.n)).multipliedReportingOverflow(by: cd)
        let (rest, o3) = (imageScaled - Int64(clean.n)).multipliedReportingOverflow(by: od)
        let (denominator, o4) = (2 * cd).multipliedReportingOverflow(by: od)
        guard !o1, !o2, !o3, !o4, denominator != 0 else { return true }
        let (numerator, o5) = twoOffset.addingReportingOverflow(rest)
        guard !o5 else { return true }
        return numerator % denominator == 0 && (numerator / denominator) % 2 == 0
    }
}

extension RuleID {
    /// `structure.heif.clap-chroma-alignment`, checked by this file's rule.
    package static let structureHEIFClapChromaAlignment = RuleID(rawValue: "structure.heif.clap-chroma-alignment")
}
