import AuxData
import Container

/// MIAF §7.2.1.7: a MIAF coded image item's data is located with construction_method 0 (in
/// the file, as `mdat` holds it), a derived image item's with 0 or 1 (a grid or overlay
/// descriptor may sit in `idat`); a MIAF reader need implement no other. Judged for files
/// that declare `miaf`. libavif's `draw_points_idat*.avif` test files keep their coded AV1
/// data in `idat` under the `miaf` brand, and fail it.
struct MIAFItemDataLocation: Rule {
    let info = RuleInfo(
        "structure.heif.miaf-item-data-location", .error,
        Citation(.miaf, "§7.2.1.7 construction_method 0 for coded image items, 0 or 1 for derived image items"),
        summary: "In a MIAF file, coded image items' data is in the file (construction_method 0), derived items' there or in idat.",
        fix: "Move the coded data into mdat and point iloc at it with construction_method 0.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, MIAFBrands.declaresMIAF(file.fileType),
              let locations = file.meta.itemLocation?.items else { return .notApplicable }
        var findings: [RuleFinding] = []
        for location in locations {
            guard let item = file.graph.item(location.itemID), ImageItemTypes.isImage(item.type) else { continue }
            let coded = ImageItemTypes.isCoded(item.type)
            let allowed: Bool
            switch location.constructionMethod {
            case .file: allowed = true
            case .idat: allowed = !coded
            default: allowed = false
            }
            guard !allowed else { continue }
            findings.append(info.finding(location.entryOffset, "meta/iloc/item[\(item.id)]",
                                         "\(coded ? "coded" : "derived") image item \(item.id) ('\(item.type)') is located with construction_method \(location.constructionMethod.rawValue); \(coded ? "0 is the one allowed" : "0 or 1 are allowed")"))
        }
        return .from(findings)
    }
}
