extension HEIF {
    /// A box that may appear once in its parent but appears again. Readers use the first and
    /// keep this record, so that the rules can say which box was ignored and where.
    package struct RepeatedBox: Sendable, Equatable {
        package let type: FourCC
        /// Absolute offset of the ignored box's header.
        package let offset: Int
        package let path: String
        /// The parent box (`meta`, `iprp`), or nil at the top level of the file.
        package let parent: FourCC?
    }
}
