extension BMFF {
    /// A box header with a reader confined to its payload, so a box parser can never read its
    /// neighbours' bytes (the bounded `Take` of mp4parse's `BMFFBox`).
    public struct Box: Sendable {
        public let header: BoxHeader
        /// Reader over the payload only; its path names this box.
        public var content: ByteReader

        public var type: FourCC { header.type }
    }
}
