import Container

/// `ipma` entries in file order, each marked when an earlier entry already named its item.
/// ISO/IEC 14496-12 §8.11.14.1: an item_ID "shall not be repeated"; readers use the first.
enum IPMAEntries {
    static func inOrder(_ graph: HEIF.ItemGraph) -> [(entry: HEIF.ItemPropertyAssociation.Entry, repeated: Bool)] {
        let count = graph.associations.reduce(0) { $0 + $1.entries.count }
        // Sized once: grown an entry at a time, the set was rehashed several times per file.
        var seen = Set<UInt32>(minimumCapacity: count)
        var out: [(entry: HEIF.ItemPropertyAssociation.Entry, repeated: Bool)] = []
        out.reserveCapacity(count)
        for ipma in graph.associations {
            for e in ipma.entries { out.append((e, !seen.insert(e.itemID).inserted)) }
        }
        return out
    }

    static func path(_ e: HEIF.ItemPropertyAssociation.Entry) -> String { "meta/iprp/ipma/item[\(e.itemID)]" }
}
