extension BMFF {
    /// One SingleItemTypeReferenceBox: `from` refers to each of `to` with the meaning of `type`.
    /// ISO/IEC 14496-12 §8.11.12. For `auxl` (ISO/IEC 23008-12, auxiliary image items) `from` is the
    /// auxiliary image and `to` its master image(s); for `cdsc` `from` is the metadata item and
    /// `to` the item it describes; for `dimg` `from` is the derived image and `to` its inputs.
    package struct ItemReference: Sendable, Equatable {
        package let type: FourCC
        package let fromItemID: UInt32
        package let toItemIDs: [UInt32]
        /// Absolute offset of the reference box.
        package let offset: Int

        package init(type: FourCC, fromItemID: UInt32, toItemIDs: [UInt32], offset: Int) {
            self.type = type
            self.fromItemID = fromItemID
            self.toItemIDs = toItemIDs
            self.offset = offset
        }
    }
}
