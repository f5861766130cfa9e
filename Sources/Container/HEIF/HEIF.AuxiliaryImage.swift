extension HEIF {
    /// An item that is the `from` of an `auxl` reference: an auxiliary image such as alpha,
    /// depth, a matte or a gain map, with the `auxC` that says which.
    /// ISO/IEC 23008-12 §6.5.8 and its auxiliary image items (auxl: from = auxiliary image, to = master images).
    package struct AuxiliaryImage: Sendable, Equatable {
        package let itemID: UInt32
        package let itemType: FourCC
        /// The `auxC` URN; nil when the item has no `auxC`.
        package let auxType: String?
        /// Absolute range of the `auxC` subtype bytes.
        package let subtypeRange: Range<Int>?
        /// All `to` items of its `auxl` references, in order. iOS 17/18 list two: the primary
        /// and a `tmap` item.
        package let masterIDs: [UInt32]
        package let ispe: ImageSpatialExtents?

        package init(itemID: UInt32, itemType: FourCC, auxType: String?, subtypeRange: Range<Int>?,
                    masterIDs: [UInt32], ispe: ImageSpatialExtents?) {
            self.itemID = itemID
            self.itemType = itemType
            self.auxType = auxType
            self.subtypeRange = subtypeRange
            self.masterIDs = masterIDs
            self.ispe = ispe
        }
    }
}
