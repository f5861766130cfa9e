import DepthCheckCore

/// Reads a whole file, for the commands that write a photo again (`roundtrip`, `embed`,
/// `strip`): unlike a check, they copy the primary's coded data, so they need every byte.
/// A file that cannot be read is exit 3.
enum WholeFileInput {
    static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        do { return try PhotoFile.read(path, .whole) } catch { throw CommandFailure(Exit.unreadable, error.description) }
    }
}
