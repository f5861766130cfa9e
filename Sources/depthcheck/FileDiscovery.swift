/// Expands the command line's paths into the files to check, in a stable order: files as
/// given, directories (with `-r`) walked and sorted by path, keeping only image extensions.
enum FileDiscovery {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "mpo", "heic", "heif", "hif", "avif"]
    /// Directory levels walked below each argument; deeper trees are almost always link loops.
    static let maxDepth = 64

    struct Result {
        var files: [String] = []
        /// Paths that do not exist or are directories without `-r`: reported as unreadable.
        var problems: [(path: String, message: String)] = []
    }

    static func expand(_ paths: [String], recursive: Bool) -> Result {
        var r = Result()
        for p in paths {
            switch FileBytes.kind(p) {
            case .missing:
                r.problems.append((p, "no such file or directory"))
                r.files.append(p)
            case .directory where recursive:
                var found: [String] = []
                walk(p, depth: 0, into: &found)
                r.files += found.sorted()
            case .directory:
                r.problems.append((p, "is a directory (use -r to check the files in it)"))
                r.files.append(p)
            case .file, .other:
                r.files.append(p)
            }
        }
        return r
    }

    static func walk(_ dir: String, depth: Int, into found: inout [String]) {
        guard depth < maxDepth else { return }
        for name in FileBytes.list(dir) where !name.hasPrefix(".") {
            let full = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            switch FileBytes.kind(full) {
            case .directory: walk(full, depth: depth + 1, into: &found)
            case .file where imageExtensions.contains(pathExtension(name)): found.append(full)
            default: break
            }
        }
    }

    static func pathExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}
