import AuxData
import Container

extension HEIF.File {
    /// The `tmap` derived items, in `iinf` order (ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4).
    var toneMapItems: [HEIF.Item] {
        // Indexed: filtering copies every item to look at its type, for every file.
        let all = items
        var out: [HEIF.Item] = []
        for i in all.indices where all[i].type == BMFF.BoxType.tmap { out.append(all[i]) }
        return out
    }

    /// Whether `id` is a gain map image: an auxiliary image (an `auxl` source, as Apple and
    /// Samsung store it) or an item whose auxC names a gain map.
    func isGainMapImage(_ id: UInt32) -> Bool {
        if !graph.references(from: id, type: BMFF.BoxType.auxl).isEmpty { return true }
        return graph.auxC(of: id).map { TextSearch.contains($0.auxType.lowercased(), "gainmap") } ?? false
    }

    /// The base image of a `tmap` item: its first `dimg` input that is not a gain map image
    /// (so that a wrong input order is reported once, by `gainmap.tmap.dimg-order`).
    func toneMapBase(of id: UInt32) -> UInt32? { tiles(of: id).first { !isGainMapImage($0) } }

    /// The `altr` groups that hold `id`.
    func alternativeGroups(holding id: UInt32) -> [BMFF.EntityToGroupBox] {
        entityGroups.filter { $0.groupingType == BMFF.BoxType.altr && $0.entityIDs.contains(id) }
    }
}

extension Rule {
    /// A finding at a `tmap` item's `infe`.
    func finding(at item: HEIF.Item, _ message: String) -> RuleFinding {
        info.finding(item.infeOffset, "meta/iinf/item[\(item.id)]", message)
    }

    /// The outcome of checking every `tmap` item: `check` gives the problem of one item, as a
    /// message for a finding at its `infe`. Not applicable when the file has no `tmap` item.
    func overToneMapItems(_ photo: ParsedPhoto, _ check: (HEIF.File, HEIF.Item) -> String?) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let tmaps = file.toneMapItems
        guard !tmaps.isEmpty else { return .notApplicable }
        return .from(tmaps.compactMap { it in check(file, it).map { finding(at: it, $0) } })
    }

    /// The outcome of checking every aux image that has the description `part` returns:
    /// `check` gives its problems, each a finding at the image's description as
    /// "image N: problem". Not applicable when no aux image has the description.
    func overDescribed<T>(_ photo: ParsedPhoto, _ part: (ParsedAuxImage) -> T?, _ check: (ParsedAuxImage, T) -> [String]) -> RuleOutcome {
        let described = photo.auxImages.compactMap { a in part(a).map { (a, $0) } }
        guard !described.isEmpty else { return .notApplicable }
        return .from(described.flatMap { a, d in
            check(a, d).map { info.finding(a.descriptionLocation.offset, a.descriptionLocation.path, "image \(a.index): \($0)") }
        })
    }
}
