import Container

/// `ipma` entries in file order, each marked when an earlier entry already named its item.
/// ISO/IEC 14496-12 §8.11.14.1: an item_ID "shall not be repeated"; readers use the first.
enum IPMAEntries {
    /// Calls `body` with each entry in file order, read where it is, and whether it repeats an
    /// earlier entry's item (`HEIF.ItemGraph.repeatedAssociationEntries`): no list is made,
    /// and several rules walk the entries of every file.
    static func forEach(_ graph: HEIF.ItemGraph, _ body: (HEIF.ItemPropertyAssociation.Entry, Bool) -> Void) {
        let repeats = graph.repeatedAssociationEntries
        var k = 0
        for box in graph.associations.indices {
            let entries = graph.associations[box].entries
            for i in entries.indices {
                body(entries[i], k < repeats.count && repeats[k])
                k += 1
            }
        }
    }

    static func path(_ e: HEIF.ItemPropertyAssociation.Entry) -> String { "meta/iprp/ipma/item[\(e.itemID)]" }
}
