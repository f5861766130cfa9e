import DepthCheckCore

extension FuzzTarget {
    /// The bytes of the file at `path`, as the library reads a photo, or nil when it cannot be
    /// read: a kept input to replay, or a photo of the corpus.
    package static func contents(of path: String) -> [UInt8]? {
        try? PhotoFile.read(path)
    }
}
