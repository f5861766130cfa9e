/// Where a structure sits in the file: an absolute byte offset and a structural path.
package struct SourceLocation: Sendable, Equatable {
    package var offset: Int
    package var path: String
    package init(offset: Int, path: String) {
        self.offset = offset
        self.path = path
    }
}
