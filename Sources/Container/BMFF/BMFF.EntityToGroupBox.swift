extension BMFF {
    /// One entity group of a `grpl` box: entities (items or tracks) that belong together in the
    /// way `groupingType` says, e.g. `altr` for alternatives of which a reader shows one.
    /// ISO/IEC 14496-12 §8.18.3 EntityToGroupBox; ISO/IEC 23008-12 §6.8 (groups of items).
    ///
    /// ```
    /// aligned(8) class EntityToGroupBox(grouping_type, version, flags)
    ///   extends FullBox(grouping_type, version, flags) {
    ///   unsigned int(32) group_id;
    ///   unsigned int(32) num_entities_in_group;
    ///   for (i = 0; i < num_entities_in_group; i++) unsigned int(32) entity_id;
    ///   // the remaining data may be specified for a particular grouping_type
    /// }
    /// ```
    /// The bytes after the entity IDs belong to the grouping type and are kept unread.
    package struct EntityToGroupBox: Sendable, Equatable {
        package let groupingType: FourCC
        package let fullBox: FullBoxHeader
        package let groupID: UInt32
        /// In the order written; for `altr`, the order of preference.
        package let entityIDs: [UInt32]
        /// Grouping-type specific bytes after the entity IDs.
        package let extra: [UInt8]
        /// Absolute offset of the box header.
        package let offset: Int

        package init(groupingType: FourCC, fullBox: FullBoxHeader = FullBoxHeader(version: 0, flags: 0), groupID: UInt32,
                    entityIDs: [UInt32], extra: [UInt8] = [], offset: Int = 0) {
            self.groupingType = groupingType
            self.fullBox = fullBox
            self.groupID = groupID
            self.entityIDs = entityIDs
            self.extra = extra
            self.offset = offset
        }

        /// Reads the payload of a box of type `groupingType` that starts at `offset`.
        package init(parsing r: inout ByteReader, groupingType: FourCC, offset: Int, limits: ParseLimits) throws(ParseError) {
            self.groupingType = groupingType
            self.offset = offset
            fullBox = try FullBoxHeader(parsing: &r)
            groupID = try r.readU32()
            let countOffset = r.position
            let count = Int(try r.readU32())
            try limits.check(count, limits.maxReferences, "entities in group", at: countOffset, path: r.path)
            // Four bytes per entity: checked against what is left before anything is allocated.
            guard let need = count *? 4, need <= r.remaining else {
                throw ParseError(.truncated, at: countOffset, path: r.path,
                                 "num_entities_in_group \(count) needs more than the \(r.remaining) bytes left")
            }
            var ids: [UInt32] = []
            ids.reserveCapacity(count)
            for _ in 0..<count { ids.append(try r.readU32()) }
            entityIDs = ids
            extra = Array(r.readRest())
        }

        /// The whole box.
        package func write(to w: inout ByteWriter) {
            BoxWriter.fullBox(groupingType, fullBox, to: &w) { w in
                w.u32(groupID)
                w.u32(fitting: entityIDs.count, "\(groupingType) num_entities_in_group")
                for id in entityIDs { w.u32(id) }
                w.append(extra)
            }
        }
    }
}
