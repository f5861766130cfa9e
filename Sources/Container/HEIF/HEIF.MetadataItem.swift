extension HEIF {
    /// An item linked by `cdsc` to the item(s) it describes: Exif, XMP or other metadata.
    /// ISO/IEC 23008-12 Annex A (Exif, XMP items), ISO/IEC 14496-12 §8.11.12 (cdsc: from = metadata).
    package struct MetadataItem: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case exif
            case xmp
            /// A `mime` item with another content type.
            case mime(String)
            case other(FourCC)
        }

        package let itemID: UInt32
        package let kind: Kind
        package let describedItemIDs: [UInt32]
        /// Absolute ranges of the item's data, resolved from `iloc`; nil if not locatable.
        package let dataRanges: [Range<Int>]?
        /// Exif: the TIFF header onwards, after the 4-byte `exif_tiff_header_offset` and the
        /// bytes it skips (ISO/IEC 23008-12 Annex A). XMP: the packet. Nil when the data is not
        /// one contiguous, readable extent.
        package let payloadRange: Range<Int>?
    }
}
