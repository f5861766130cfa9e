extension HEIF {
    /// The items of a HEIF file with their properties and references, as `meta` declares them.
    /// ISO/IEC 23008-12 §6 (image items), ISO/IEC 14496-12 §8.11.6 (`iinf`), §8.11.12 (`iref`),
    /// §8.11.14 (`ipma`).
    ///
    /// Immutable; its indexes are built once here, so that every lookup costs in proportion to
    /// its answer rather than to the number of references (a file with tens of thousands of
    /// references would otherwise take quadratic time). Declarations that break a "shall"
    /// (a repeated item ID, an `ipma` index past `ipco`) are kept as they are for the rules.
    package struct ItemGraph: Sendable {
        package let primaryItemID: UInt32?
        /// Items in `iinf` order, the first of each ID, with their resolved properties.
        package let items: [Item]
        /// `infe` entries whose item ID an earlier entry already declared.
        package let repeatedItems: [BMFF.ItemInfoEntry]
        /// `ipco` properties in order (index = position + 1).
        package let properties: [PropertyBox]
        /// Every `ipma` box as written, for the rules that judge associations.
        package let associations: [ItemPropertyAssociation]
        /// For each entry of `associations` in file order (every box's entries in turn),
        /// whether an earlier entry named its item (ISO/IEC 14496-12 §8.11.14.1: an item_ID
        /// "shall not be repeated"; readers use the first). Marked once here for every rule
        /// that walks the entries.
        package let repeatedAssociationEntries: [Bool]
        package let references: [BMFF.ItemReference]
        /// Every auxiliary image (each `from` of an `auxl`), in reference order.
        package let auxiliaryImages: [AuxiliaryImage]

        private let index: ItemIndex
        /// Positions in `references` of the references from an item, in order.
        private let referencesFrom: [UInt32: [Int]]
        /// (item, position in `references`) for every item a reference names among its `to`
        /// items, sorted: one table, where a dictionary of lists made a list per tile of a grid.
        private let referencesTo: [(item: UInt32, reference: Int)]
        /// Positions in `auxiliaryImages` of the aux images of each master.
        private let auxiliaryByMaster: [UInt32: [Int]]

        package init(_ meta: MetaBox) {
            primaryItemID = meta.primaryItem?.itemID
            properties = meta.itemProperties?.container?.properties ?? []
            associations = meta.itemProperties?.associations ?? []
            repeatedAssociationEntries = RepeatedIDs.marks(associations.flatMap { $0.entries.map(\.itemID) })
            references = meta.itemReference?.references ?? []
            let entries = meta.itemInfo?.entries ?? []
            let repeats = RepeatedIDs.marks(entries.map(\.itemID))
            var firstIDs: [UInt32] = []
            firstIDs.reserveCapacity(entries.count)
            var repeated: [BMFF.ItemInfoEntry] = []
            for (k, e) in entries.enumerated() {
                if repeats[k] { repeated.append(e) } else { firstIDs.append(e.itemID) }
            }
            let index = ItemIndex(firstIDs)
            let resolved = ItemGraph.resolve(associations, properties: properties, index: index, count: firstIDs.count)
            var items: [Item] = []
            items.reserveCapacity(firstIDs.count)
            for (k, e) in entries.enumerated() where !repeats[k] {
                items.append(Item(id: e.itemID, type: e.itemType, name: e.name, isHidden: e.isHidden,
                                  protectionIndex: e.protectionIndex, contentType: e.contentType,
                                  contentEncoding: e.contentEncoding, uriType: e.uriType,
                                  properties: resolved[items.count], infeOffset: e.offset))
            }
            self.items = items
            self.repeatedItems = repeated
            self.index = index
            var from: [UInt32: [Int]] = Dictionary(minimumCapacity: references.count)
            var to: [(item: UInt32, reference: Int)] = []
            to.reserveCapacity(references.reduce(0) { $0 + $1.toItemIDs.count })
            for (i, ref) in references.enumerated() {
                from[ref.fromItemID, default: []].append(i)
                for t in ref.toItemIDs { to.append((t, i)) }
            }
            to.sort { $0.item != $1.item ? $0.item < $1.item : $0.reference < $1.reference }
            referencesFrom = from
            referencesTo = to
            (auxiliaryImages, auxiliaryByMaster) = ItemGraph.auxiliaryImages(references, from: from, items: items, index: index)
        }

        /// Properties of the item at each position in association order (§9.3.3), from the first
        /// `ipma` entry naming it (ISO/IEC 14496-12 §8.11.14.1: an item_ID "shall not be
        /// repeated"; readers use the first); index 0 ("no property") and indices past `ipco`
        /// name nothing.
        static func resolve(_ ipmas: [ItemPropertyAssociation], properties: [PropertyBox], index: ItemIndex,
                            count: Int) -> [SubList<AssociatedProperty>] {
            // Every item's properties in one list, each item's a run of it, made once it is
            // whole (a list per item was an allocation per tile of a grid).
            var all: [AssociatedProperty] = []
            all.reserveCapacity(ipmas.reduce(0) { $0 + $1.entries.reduce(0) { $0 + $1.associations.count } })
            var runs = [Range<Int>](repeating: 0..<0, count: count)
            var done = [Bool](repeating: false, count: count)
            for ipma in ipmas {
                for entry in ipma.entries {
                    guard let position = index[entry.itemID], !done[position] else { continue }
                    done[position] = true
                    let first = all.count
                    for a in entry.associations where a.propertyIndex > 0 && a.propertyIndex <= properties.count {
                        let k = a.propertyIndex - 1
                        all.append(AssociatedProperty(essential: a.essential, index: a.propertyIndex, type: properties[k].type,
                                                      value: properties[k].value, range: properties[k].range,
                                                      associationOffset: a.offset))
                    }
                    runs[position] = first..<all.count
                }
            }
            return runs.map { SubList(all, $0) }
        }

        static func auxiliaryImages(_ references: [BMFF.ItemReference], from: [UInt32: [Int]], items: [Item],
                                    index: ItemIndex) -> ([AuxiliaryImage], [UInt32: [Int]]) {
            var seen = Set<UInt32>()
            var out: [AuxiliaryImage] = []
            var byMaster: [UInt32: [Int]] = [:]
            for ref in references where ref.type == BMFF.BoxType.auxl && seen.insert(ref.fromItemID).inserted {
                let id = ref.fromItemID
                let item = index[id].map { items[$0] }
                let auxC = item?.auxC
                let ispe = item?.ispe
                let masters = (from[id] ?? []).map { references[$0] }.filter { $0.type == BMFF.BoxType.auxl }.flatMap(\.toItemIDs)
                for m in masters where byMaster[m]?.last != out.count { byMaster[m, default: []].append(out.count) }
                out.append(AuxiliaryImage(itemID: id, itemType: item?.type ?? FourCC(rawValue: 0),
                                          auxType: auxC?.auxType, subtypeRange: auxC?.subtypeRange,
                                          masterIDs: masters, ispe: ispe))
            }
            return (out, byMaster)
        }

        // MARK: - Lookups

        package func item(_ id: UInt32) -> Item? { index[id].map { items[$0] } }
        package var primaryItem: Item? { primaryItemID.flatMap { item($0) } }

        package func properties(of id: UInt32) -> SubList<AssociatedProperty> { index[id].map { items[$0].properties } ?? [] }

        package func ispe(of id: UInt32) -> ImageSpatialExtents? { index[id].flatMap { items[$0].ispe } }

        package func auxC(of id: UInt32) -> AuxiliaryTypeProperty? { index[id].flatMap { items[$0].auxC } }

        package func hvcC(of id: UInt32) -> HEVCConfiguration? { index[id].flatMap { items[$0].hvcC } }

        /// Whether `iinf` declares an item `id` (the first entry of a repeated ID).
        package func contains(_ id: UInt32) -> Bool { index[id] != nil }

        /// `irot`, `imir` and `clap` of an item in `ipma` order, the order they apply in
        /// (ISO/IEC 23008-12 §6.5.1).
        package func transforms(of id: UInt32) -> [ItemProperty] {
            properties(of: id).map(\.value).filter(\.isTransform)
        }

        /// Input images of a derived item (`dimg`), in reference order: the tiles of a grid.
        package func tiles(of id: UInt32) -> [UInt32] { references(from: id, type: BMFF.BoxType.dimg) }

        /// Thumbnails of an image (`thmb`: from = thumbnail, to = master).
        package func thumbnails(of id: UInt32) -> [UInt32] { items(referencing: id, type: BMFF.BoxType.thmb) }

        /// `to` items of every `type` reference from `id`, in order.
        package func references(from id: UInt32, type: FourCC) -> [UInt32] {
            var out: [UInt32] = []
            for i in referencesFrom[id] ?? [] where references[i].type == type { out += references[i].toItemIDs }
            return out
        }

        /// Items with a `type` reference to `id`.
        package func items(referencing id: UInt32, type: FourCC) -> [UInt32] {
            // The first pair for `id`, by binary search; its pairs follow in reference order.
            var low = 0, high = referencesTo.count
            while low < high {
                let mid = low + (high - low) / 2
                if referencesTo[mid].item < id { low = mid + 1 } else { high = mid }
            }
            var out: [UInt32] = []
            var previous = -1
            while low < referencesTo.count, referencesTo[low].item == id {
                // An item named twice in one reference is listed once.
                let i = referencesTo[low].reference
                if i != previous, references[i].type == type { out.append(references[i].fromItemID) }
                previous = i
                low += 1
            }
            return out
        }

        /// Auxiliary images whose masters include `id`.
        package func auxiliaryImages(of id: UInt32) -> [AuxiliaryImage] {
            (auxiliaryByMaster[id] ?? []).map { auxiliaryImages[$0] }
        }
    }
}
