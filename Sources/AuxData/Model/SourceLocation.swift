/// Where a structure sits in the file: an absolute byte offset and a structural path.
public struct SourceLocation: Sendable, Equatable {
    public var offset: Int
    public var path: String
    public init(offset: Int, path: String) {
        self.offset = offset
        self.path = path
    }
}
