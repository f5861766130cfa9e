extension MPF {
    /// The five fields of one MP entry as a writer sets them (CIPA DC-007 §5.2.3.3): the
    /// values of `MPF.Entry` without the place in a file they were read from.
    package struct EntryValues: Sendable, Equatable {
        /// Flags, data format and MP type code (bits 31-29, 26-24, 23-0).
        package var attribute: UInt32
        /// SOI to EOI, in bytes.
        package var size: UInt32
        /// From the primary's MPF TIFF header; 0 for the first image (§5.2.3.3.3).
        package var imageOffset: UInt32
        package var dependentImage1: UInt16
        package var dependentImage2: UInt16

        package init(attribute: UInt32, size: UInt32 = 0, imageOffset: UInt32 = 0,
                    dependentImage1: UInt16 = 0, dependentImage2: UInt16 = 0) {
            self.attribute = attribute
            self.size = size
            self.imageOffset = imageOffset
            self.dependentImage1 = dependentImage1
            self.dependentImage2 = dependentImage2
        }

        /// The values of an entry that was read.
        package init(_ entry: Entry) {
            self.init(attribute: entry.attribute, size: entry.size, imageOffset: entry.imageOffset,
                      dependentImage1: entry.dependentImage1, dependentImage2: entry.dependentImage2)
        }

        /// CIPA DC-007 Table 4: a Baseline MP Primary Image with no flags, as iPhones write entry 1.
        package static let primaryAttribute: UInt32 = 0x0003_0000
        /// Type Undefined, no flags: what iPhones write for depth, disparity and matte images.
        package static let auxAttribute: UInt32 = 0
    }
}
