import AuxData
import Container

/// MIAF §7.2.1.7: a MIAF coded image item's data is located with construction_method 0 (in
/// the file, as `mdat` holds it), a derived image item's with 0 or 1 (a grid or overlay
/// descriptor may sit in `idat`); a MIAF reader need implement no other. §7.2.1.13: the bodies
/// of coded image items, thumbnails included, and of Exif and XMP items lie in a MediaDataBox,
/// so a reader finds every large body in `mdat` and none in `meta`. Judged for files that
/// declare `miaf`. libavif's `draw_points_idat*.avif` test files keep their coded AV1 data in
/// `idat` under the `miaf` brand, and fail it.
struct MIAFItemDataLocation: Rule {
    let info = RuleInfo(
        .structureHEIFMIAFItemDataLocation, .error,
        Citation(.miaf, "§7.2.1.7 construction_method 0 for coded image items, 0 or 1 for derived image items; §7.2.1.13 coded image, Exif and XMP bodies in a MediaDataBox"),
        summary: "In a MIAF file, coded image items' data is in mdat (construction_method 0), derived items' there or in idat, and Exif and XMP items' in mdat.",
        fix: "Move the coded data, Exif and XMP into mdat and point iloc at it with construction_method 0.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, MIAFBrands.declaresMIAF(file.fileType),
              let locations = file.meta.itemLocation?.items else { return .notApplicable }
        let mediaData = file.topLevelBoxes.filter { $0.type == BMFF.BoxType.mdat }.map(\.payloadRange)
        let metadata = Dictionary(file.metadataItems.compactMap { m -> (UInt32, String)? in
            switch m.kind {
            case .exif: return (m.itemID, "Exif")
            case .xmp: return (m.itemID, "XMP")
            default: return nil
            }
        }, uniquingKeysWith: { a, _ in a })
        var findings: [RuleFinding] = []
        for location in locations {
            guard let item = file.graph.item(location.itemID) else { continue }
            let path = "meta/iloc/item[\(item.id)]"
            if item.isImage {
                let coded = ImageItemTypes.isCoded(item.type)
                let allowed: Bool
                switch location.constructionMethod {
                case .file: allowed = true
                case .idat: allowed = !coded
                default: allowed = false
                }
                if !allowed {
                    findings.append(info.finding(location.entryOffset, path,
                                                 "\(coded ? "coded" : "derived") image item \(item.id) ('\(item.type)') is located with construction_method \(location.constructionMethod.rawValue); \(coded ? "0 is the one allowed" : "0 or 1 are allowed")"))
                    continue
                }
                guard coded else { continue }
                if let outside = outsideMediaData(file.dataRanges[item.id], mediaData) {
                    findings.append(info.finding(location.entryOffset, path,
                                                 "the body of coded image item \(item.id) ('\(item.type)') lies outside every mdat, at bytes \(outside.lowerBound)..<\(outside.upperBound)"))
                }
            } else if let kind = metadata[item.id] {
                let outside = location.constructionMethod == .file
                    ? outsideMediaData(file.dataRanges[item.id], mediaData) : file.dataRanges[item.id]?.first
                guard location.constructionMethod != .file || outside != nil else { continue }
                let place = location.constructionMethod == .file
                    ? outside.map { "at bytes \($0.lowerBound)..<\($0.upperBound)" } ?? ""
                    : "in construction_method \(location.constructionMethod.rawValue)"
                findings.append(info.finding(location.entryOffset, path,
                                             "the \(kind) item \(item.id) lies outside every mdat, \(place)"))
            }
        }
        return .from(findings)
    }

    /// The first of `ranges` not inside the payload of one of the `mdat` boxes.
    private func outsideMediaData(_ ranges: [Range<Int>]?, _ mediaData: [Range<Int>]) -> Range<Int>? {
        ranges?.first { r in !r.isEmpty && !mediaData.contains { $0.lowerBound <= r.lowerBound && r.upperBound <= $0.upperBound } }
    }
}

extension RuleID {
    /// `structure.heif.miaf-item-data-location`, checked by this file's rule.
    package static let structureHEIFMIAFItemDataLocation = RuleID(rawValue: "structure.heif.miaf-item-data-location")
}
