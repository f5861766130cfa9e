import DepthCheckCore

/// The paths of `--files-from`: one per line, or separated by NUL with `-0` (as `find -print0`
/// and `xargs -0` write them, for names that hold newlines). `-` reads standard input. Empty
/// entries are skipped; a trailing carriage return is kept as part of the name, since a file
/// name may end in one.
enum PathList {
    static let standardInput: Int32 = 0

    static func read(_ source: String, nulSeparated: Bool) throws(CommandFailure) -> [String] {
        let bytes: [UInt8]
        if source == "-" {
            bytes = try readAll(standardInput, name: "standard input")
        } else {
            let fd = Platform.openForReading(source)
            guard fd >= 0 else {
                throw CommandFailure(Exit.usage, "cannot read --files-from \(PathText.display(source)): \(Platform.describe(Platform.lastError))")
            }
            defer { Platform.closeFile(fd) }
            bytes = try readAll(fd, name: source)
        }
        let name = source == "-" ? "standard input" : PathText.display(source)
        return try split(bytes, nulSeparated: nulSeparated, name: name)
    }

    /// The entries of a list. Without `-0` an entry holding a NUL byte is refused (exit 3): no
    /// path holds one (POSIX.1-2017 §3.170, a filename's bytes exclude NUL), and the C library
    /// would read the entry only up to it, checking `x.jpg` for `x.jpg\0broken.jpg` and never
    /// `broken.jpg`. Such a list was written by `find -print0`.
    static func split(_ bytes: [UInt8], nulSeparated: Bool, name: String = "the list") throws(CommandFailure) -> [String] {
        let separator: UInt8 = nulSeparated ? 0 : UInt8(ascii: "\n")
        var entries: [String] = []
        var line = 0
        for entry in bytes.split(separator: separator, omittingEmptySubsequences: false) {
            line += 1
            guard !entry.isEmpty else { continue }
            if !nulSeparated, entry.contains(0) {
                throw CommandFailure(Exit.unreadable, "--files-from \(name): line \(line) holds a NUL byte, which no path can; "
                                     + "for a NUL-separated list (find -print0) give -0; nothing checked")
            }
            entries.append(PathText.decode(entry))
        }
        return entries
    }

    /// Everything `fd` holds, read in 64 KiB steps (a pipe has no size to allocate for).
    static func readAll(_ fd: Int32, name: String) throws(CommandFailure) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { Platform.readSome(fd, into: $0) }
            if n == 0 { return out }
            guard n > 0 else {
                throw CommandFailure(Exit.usage, "cannot read --files-from \(name): \(Platform.describe(Platform.lastError))")
            }
            out += chunk[..<n]
        }
    }
}
