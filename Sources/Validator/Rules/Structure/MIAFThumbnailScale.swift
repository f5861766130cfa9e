import AuxData
import Container

/// MIAF §7.3.3: between a MIAF thumbnail image item and the next larger thumbnail of the same
/// master, or the master itself when no thumbnail is larger, the total number of pixels grows
/// by no more than a factor of 200, so that a reader can scale from the nearest one without
/// decoding far more than it shows. Sizes are the items' `ispe`; thumbnails of equal size
/// count once. Judged for files that declare `miaf`.
struct MIAFThumbnailScale: Rule {
    static let factor: UInt64 = 200

    let info = RuleInfo(
        .structureHEIFMIAFThumbnailScale, .error,
        Citation(.miaf, "§7.3.3 no greater than a factor of 200 between the pixels of a thumbnail and the next larger thumbnail or master image"),
        summary: "In a MIAF file, each thumbnail has at least 1/200 of the pixels of the next larger thumbnail, or of its master image.",
        fix: "Add a thumbnail of an intermediate size, or make the thumbnail larger.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, MIAFBrands.declaresMIAF(file.fileType) else { return .notApplicable }
        var findings: [RuleFinding] = []
        var applies = false
        for master in file.items where master.isImage {
            guard let masterSize = master.ispe else { continue }
            var sizes: [(pixels: UInt64, id: UInt32, size: HEIF.ImageSpatialExtents)] = []
            for id in file.graph.thumbnails(of: master.id) {
                guard let thumbnail = file.graph.item(id), thumbnail.isImage, let s = thumbnail.ispe else { continue }
                sizes.append((UInt64(s.width) * UInt64(s.height), id, s))
            }
            guard !sizes.isEmpty else { continue }
            applies = true
            sizes.sort { $0.pixels < $1.pixels }
            sizes.append((UInt64(masterSize.width) * UInt64(masterSize.height), master.id, masterSize))
            var smaller = sizes[0]
            for larger in sizes.dropFirst() where larger.pixels > smaller.pixels {
                if smaller.pixels == 0 || larger.pixels / smaller.pixels > Self.factor
                    || (larger.pixels / smaller.pixels == Self.factor && larger.pixels % smaller.pixels != 0) {
                    let next = larger.id == master.id ? "its master image item \(master.id)" : "the next larger thumbnail, item \(larger.id)"
                    findings.append(info.finding(file.graph.item(smaller.id)?.infeOffset ?? 0, "meta/iinf/item[\(smaller.id)]",
                                                 "thumbnail item \(smaller.id) (\(smaller.size.width)×\(smaller.size.height)) has \(ratio(larger.pixels, smaller.pixels)) times fewer pixels than \(next) (\(larger.size.width)×\(larger.size.height)); at most \(Self.factor) is allowed"))
                }
                smaller = larger
            }
        }
        return applies ? .from(findings) : .notApplicable
    }

    private func ratio(_ a: UInt64, _ b: UInt64) -> String {
        guard b > 0 else { return "infinitely" }
        let tenths = UInt64((Double(a) / Double(b) * 10).rounded(.down))
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}

extension RuleID {
    /// `structure.heif.miaf-thumbnail-scale`, checked by this file's rule.
    package static let structureHEIFMIAFThumbnailScale = RuleID(rawValue: "structure.heif.miaf-thumbnail-scale")
}
