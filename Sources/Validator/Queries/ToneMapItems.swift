import Container

extension HEIF.File {
    /// The `tmap` derived items, in `iinf` order (ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4).
    var toneMapItems: [HEIF.Item] { items.filter { $0.type == BMFF.BoxType.tmap } }

    /// Whether `id` is a gain map image: an auxiliary image (an `auxl` source, as Apple and
    /// Samsung store it) or an item whose auxC names a gain map.
    func isGainMapImage(_ id: UInt32) -> Bool {
        if !graph.references(from: id, type: BMFF.BoxType.auxl).isEmpty { return true }
        return graph.auxC(of: id)?.auxType.lowercased().contains("gainmap") ?? false
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
    func finding(at item: HEIF.Item, _ message: String) -> Finding {
        info.finding(item.infeOffset, "meta/iinf/item[\(item.id)]", message)
    }
}
