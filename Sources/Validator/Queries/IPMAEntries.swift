import Container

/// `ipma` entries in file order, each marked when an earlier entry already named its item.
/// ISO/IEC 14496-12 §8.11.14.1: an item_ID "shall not be repeated"; readers use the first.
enum IPMAEntries {
    static func inOrder(_ graph: HEIF.ItemGraph) -> [(entry: HEIF.ItemPropertyAssociation.Entry, repeated: Bool)] {
        let entries = graph.associations.flatMap(\.entries)
        let repeats = HEIF.RepeatedIDs.marks(entries.map(\.itemID))
        return entries.indices.map { (entries[$0], repeats[$0]) }
    }

    static func path(_ e: HEIF.ItemPropertyAssociation.Entry) -> String { "meta/iprp/ipma/item[\(e.itemID)]" }
}
