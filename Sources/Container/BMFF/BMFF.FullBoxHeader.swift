extension BMFF {
    /// Version and flags that open a FullBox payload.
    /// ISO/IEC 14496-12 §4.2 FullBox: `unsigned int(8) version; bit(24) flags;`
    package struct FullBoxHeader: Sendable, Equatable {
        package let version: UInt8
        package let flags: UInt32

        package init(version: UInt8, flags: UInt32) {
            self.version = version
            self.flags = flags
        }

        package init(parsing r: inout ByteReader) throws(ParseError) {
            version = try r.readU8()
            flags = try r.readU24()
        }

        /// Throws `unsupportedVersion` unless the version is at most `max`: a newer version may
        /// change the layout, so reading it with an older layout would give wrong values.
        package func require(maxVersion max: UInt8, at offset: Int, path: @autoclosure () -> String) throws(ParseError) {
            if version > max {
                throw ParseError(.unsupportedVersion, at: offset, path: path(),
                                 "version \(version) is not supported (at most \(max))")
            }
        }
    }
}
