extension BMFF {
    /// Version and flags that open a FullBox payload.
    /// ISO/IEC 14496-12 §4.2 FullBox: `unsigned int(8) version; bit(24) flags;`
    public struct FullBoxHeader: Sendable, Equatable {
        public let version: UInt8
        public let flags: UInt32

        public init(version: UInt8, flags: UInt32) {
            self.version = version
            self.flags = flags
        }

        public init(parsing r: inout ByteReader) throws(ParseError) {
            version = try r.readU8()
            flags = try r.readU24()
        }

        /// Throws `unsupportedVersion` unless the version is at most `max`: a newer version may
        /// change the layout, so reading it with an older layout would give wrong values.
        public func require(maxVersion max: UInt8, at offset: Int, path: @autoclosure () -> String) throws(ParseError) {
            if version > max {
                throw ParseError(.unsupportedVersion, at: offset, path: path(),
                                 "version \(version) is not supported (at most \(max))")
            }
        }
    }
}
