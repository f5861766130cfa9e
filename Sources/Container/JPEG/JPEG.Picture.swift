extension JPEG {
    /// One image of a multi-picture file as a writer handles it: its bytes from SOI to EOI
    /// and the MP entry fields that the layout does not decide (CIPA DC-007 §5.2.3.3).
    package struct Picture: Sendable, Equatable {
        /// SOI to EOI. Every segment but the APP2 MPF one is written as it is.
        package var bytes: [UInt8]
        /// MP entry attribute (flags, format, type).
        package var attribute: UInt32
        package var dependentImage1: UInt16
        package var dependentImage2: UInt16
        /// The MP entry number the image was read from; nil for an image being added.
        package var entryNumber: Int?
        /// Something outside the MP index locates the image by its length (a GContainer
        /// directory's Item:Length): an MP stub that would change its length is not added.
        package var keepsLength = false

        package init(bytes: [UInt8], attribute: UInt32 = MPF.EntryValues.auxAttribute,
                    dependentImage1: UInt16 = 0, dependentImage2: UInt16 = 0, entryNumber: Int? = nil) {
            self.bytes = bytes
            self.attribute = attribute
            self.dependentImage1 = dependentImage1
            self.dependentImage2 = dependentImage2
            self.entryNumber = entryNumber
        }
    }
}
