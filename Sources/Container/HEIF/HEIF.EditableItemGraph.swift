extension HEIF {
    /// The item graph an `ItemEditor` edits: the `iinf` entries, `iref` references, `ipco`
    /// properties, `ipma` associations, `iloc` locations and entity groups read from a file,
    /// as items are added and removed, with what each removal took and what each addition
    /// brings. A value: an editor's copy changes only through `add(_:)` and `remove(_:)`, and
    /// what it was read as stays in `originalReferences`. The file's own graph
    /// (`HEIF.ItemGraph`) is the immutable one the readers and rules use.
    package struct EditableItemGraph: Sendable {
        package private(set) var infos: [BMFF.ItemInfoEntry]
        package private(set) var references: [BMFF.ItemReference]
        /// The references as read, to tell whether a kept item's `iloc` references changed.
        package let originalReferences: [BMFF.ItemReference]
        /// ipco boxes, index 1 first.
        package private(set) var properties: [[UInt8]]
        package private(set) var associations: [HEIF.ItemPropertyAssociation.Entry]
        package private(set) var locations: [BMFF.ItemLocationBox.Item]
        /// Entity groups of `grpl`: each written as it was read unless a removal changed it.
        package private(set) var entityGroups: [BMFF.EntityToGroupBox]
        /// Box offsets of the entity groups a removal left with too few members to keep.
        package private(set) var removedGroups: Set<Int> = []
        /// Box offsets of the entity groups a removal took members from.
        package private(set) var changedGroups: Set<Int> = []
        /// The primary item (`pitm`), never removed as another item's input.
        package let primaryItemID: UInt32?
        /// The track_ID of every track of `moov` whose `tkhd` could be read.
        package let trackIDs: [UInt32]
        /// Data of the new items, in the order they were added.
        package private(set) var newData: [(id: UInt32, bytes: [UInt8])] = []
        /// Location entries of the removed items that came from the file, as read.
        package private(set) var removedLocations: [BMFF.ItemLocationBox.Item] = []
        /// IDs of removed items that existed (an entry in `iinf`, `iloc` or `ipma`).
        package private(set) var removedIDs: Set<UInt32> = []
        /// The `meta` box's offset, which an error about the graph names.
        let metaOffset: Int

        package init(infos: [BMFF.ItemInfoEntry], references: [BMFF.ItemReference], properties: [[UInt8]],
                     associations: [HEIF.ItemPropertyAssociation.Entry], locations: [BMFF.ItemLocationBox.Item],
                     entityGroups: [BMFF.EntityToGroupBox], primaryItemID: UInt32?, trackIDs: [UInt32], metaOffset: Int) {
            self.infos = infos
            self.references = references
            self.originalReferences = references
            self.properties = properties
            self.associations = associations
            self.locations = locations
            self.entityGroups = entityGroups
            self.primaryItemID = primaryItemID
            self.trackIDs = trackIDs
            self.metaOffset = metaOffset
        }

        /// An ID no item, entity group or track uses: ISO/IEC 14496-12 §8.18.3 has item_ID,
        /// track_ID and group_id share one space ("group_id ... shall not be equal to any
        /// other group_id, any item_ID, or any track_ID"), so an item given a group's ID would
        /// make the group's properties (ISO/IEC 23008-12 §9.3: ipma lists groups by that ID)
        /// its own. One more than the largest ID in use, or the smallest free one when that
        /// would not fit 32 bits; nil when every 32-bit ID is taken.
        package var nextItemID: UInt32? {
            var used = Set(infos.map(\.itemID))
            used.formUnion(locations.map(\.itemID))
            used.formUnion(associations.map(\.itemID))
            used.formUnion(references.flatMap { [$0.fromItemID] + $0.toItemIDs })
            used.formUnion(newData.map(\.id))
            used.formUnion(entityGroups.map(\.groupID))
            used.formUnion(trackIDs)
            let top = used.max() ?? 0
            if top < UInt32.max { return top + 1 }
            // §8.11.6.2: item_ID 0 is reserved; look from 1 up for a gap.
            var id: UInt32 = 1
            while used.contains(id) {
                guard id < UInt32.max else { return nil }
                id += 1
            }
            return id
        }

        /// Adds `item` and returns its ID.
        /// Throws `WriteError.fieldOverflow` when no 32-bit ID is free.
        @discardableResult
        package mutating func add(_ item: NewItem) throws(WriteError) -> UInt32 {
            guard let id = nextItemID else {
                throw WriteError(.fieldOverflow, at: metaOffset, path: "meta/iinf", "every 32-bit item ID is in use")
            }
            infos.append(BMFF.ItemInfoEntry(itemID: id, itemType: item.type, name: item.name,
                                            contentType: item.contentType, hidden: item.hidden))
            var list: [HEIF.ItemPropertyAssociation.Association] = []
            for p in item.properties {
                switch p {
                case .existing(let index, let essential):
                    list.append(.init(essential: essential, propertyIndex: index, offset: 0))
                case .new(let box, let essential):
                    properties.append(box)
                    list.append(.init(essential: essential, propertyIndex: properties.count, offset: 0))
                }
            }
            if !list.isEmpty { associations.append(.init(itemID: id, associations: list, offset: 0)) }
            for ref in item.references {
                references.append(BMFF.ItemReference(type: ref.type, fromItemID: id, toItemIDs: ref.to, offset: 0))
            }
            newData.append((id, item.data))
            return id
        }

        /// Removes an item with what exists only for it: the metadata items (`cdsc`) that
        /// describe nothing else, the tiles (`dimg`) no other item uses, and the derived items
        /// (ISO/IEC 23008-12 §6.6.1) that take it as an input, such as the `tmap` tone-mapped
        /// image whose gain map it is (ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4): a derived image
        /// without one of its inputs cannot be reconstructed. The primary item is never taken
        /// along as an input (`serialized()` refuses to remove it). An `altr` entity group loses
        /// the removed items and goes when fewer than two remain (§6.8.1: alternatives of one
        /// another). Returns every removed ID. `serialized()` then leaves out their bytes
        /// (`HEIF.RemovalPlan`) from what `removedLocations` and `removedIDs` record.
        @discardableResult
        package mutating func remove(_ id: UInt32) -> [UInt32] {
            var gone: Set<UInt32> = [id]
            var grown = true
            while grown {
                let before = gone.count
                for ref in references where ref.type == BMFF.BoxType.cdsc && ref.toItemIDs.allSatisfy({ gone.contains($0) }) {
                    gone.insert(ref.fromItemID)
                }
                for ref in references where ref.type == BMFF.BoxType.dimg && ref.toItemIDs.contains(where: { gone.contains($0) }) {
                    gone.insert(ref.fromItemID)
                }
                let tiles = references.filter { $0.type == BMFF.BoxType.dimg && gone.contains($0.fromItemID) }.flatMap(\.toItemIDs)
                for t in tiles where t != primaryItemID && !references.contains(where: {
                    $0.type == BMFF.BoxType.dimg && !gone.contains($0.fromItemID) && $0.toItemIDs.contains(t)
                }) {
                    gone.insert(t)
                }
                grown = gone.count > before
            }
            // What the file held for them, so that `serialized()` can take their bytes out.
            removedLocations += locations.filter { gone.contains($0.itemID) }
            for g in gone where infos.contains(where: { $0.itemID == g }) || locations.contains(where: { $0.itemID == g })
                || associations.contains(where: { $0.itemID == g }) {
                removedIDs.insert(g)
            }
            infos.removeAll { gone.contains($0.itemID) }
            locations.removeAll { gone.contains($0.itemID) }
            newData.removeAll { gone.contains($0.id) }
            associations.removeAll { gone.contains($0.itemID) }
            references = references.compactMap { ref in
                if gone.contains(ref.fromItemID) { return nil }
                let to = ref.toItemIDs.filter { !gone.contains($0) }
                return to.isEmpty ? nil : BMFF.ItemReference(type: ref.type, fromItemID: ref.fromItemID, toItemIDs: to, offset: ref.offset)
            }
            // §8.18.3 groups of another type that list a removed item are left as they are, and
            // `RemovalPlan` refuses them: what a group without a member means is that type's.
            var groups: [BMFF.EntityToGroupBox] = []
            for g in entityGroups {
                guard g.groupingType == BMFF.BoxType.altr, g.entityIDs.contains(where: { gone.contains($0) }) else {
                    groups.append(g)
                    continue
                }
                let left = g.entityIDs.filter { !gone.contains($0) }
                if left.count < 2 {
                    // ISO/IEC 23008-12 §9.3: ipma may list the group's ID; its properties go with it.
                    associations.removeAll { $0.itemID == g.groupID }
                    removedGroups.insert(g.offset)
                } else {
                    changedGroups.insert(g.offset)
                    groups.append(BMFF.EntityToGroupBox(groupingType: g.groupingType, fullBox: g.fullBox, groupID: g.groupID,
                                                        entityIDs: left, extra: g.extra, offset: g.offset))
                }
            }
            entityGroups = groups
            return gone.sorted()
        }
    }
}
