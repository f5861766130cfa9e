extension BMFF {
    /// A box header with a reader confined to its payload, so a box parser can never read its
    /// neighbours' bytes (the bounded `Take` of mp4parse's `BMFFBox`).
    package struct Box: Sendable {
        package let header: BoxHeader
        /// Reader over the payload only; its path names this box.
        package var content: ByteReader

        package var type: FourCC { header.type }
    }
}
