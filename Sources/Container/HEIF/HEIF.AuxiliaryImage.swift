extension HEIF {
    /// An item that is the `from` of an `auxl` reference: an auxiliary image such as alpha,
    /// depth, a matte or a gain map, with the `auxC` that says which.
    /// ISO/IEC 23008-12 §6.5.8 and its auxiliary image items (auxl: from = auxiliary image, to = master images).
    public struct AuxiliaryImage: Sendable, Equatable {
        public let itemID: UInt32
        public let itemType: FourCC
        /// The `auxC` URN; nil when the item has no `auxC`.
        public let auxType: String?
        /// Absolute range of the `auxC` subtype bytes.
        public let subtypeRange: Range<Int>?
        /// All `to` items of its `auxl` references, in order. iOS 17/18 list two: the primary
        /// and a `tmap` item.
        public let masterIDs: [UInt32]
        public let ispe: ImageSpatialExtents?

        public init(itemID: UInt32, itemType: FourCC, auxType: String?, subtypeRange: Range<Int>?,
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
