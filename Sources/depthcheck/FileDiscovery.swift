import Foundation

/// Expands the command line's paths into the files to check, in a stable order: files as
/// given, directories (with `-r`) walked and sorted by path, keeping only image extensions.
enum FileDiscovery {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "mpo", "heic", "heif", "hif", "avif"]

    struct Result {
        var files: [String] = []
        /// Paths that do not exist or are directories without `-r`: reported as unreadable.
        var problems: [(path: String, message: String)] = []
    }

    static func expand(_ paths: [String], recursive: Bool) -> Result {
        var r = Result()
        let fm = FileManager.default
        for p in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir) else {
                r.problems.append((p, "no such file or directory"))
                r.files.append(p)
                continue
            }
            if !isDir.boolValue {
                r.files.append(p)
                continue
            }
            guard recursive else {
                r.problems.append((p, "is a directory (use -r to check the files in it)"))
                r.files.append(p)
                continue
            }
            var found: [String] = []
            if let e = fm.enumerator(atPath: p) {
                while let rel = e.nextObject() as? String {
                    let ext = (rel as NSString).pathExtension.lowercased()
                    guard imageExtensions.contains(ext) else { continue }
                    let full = p.hasSuffix("/") ? p + rel : p + "/" + rel
                    var sub: ObjCBool = false
                    if fm.fileExists(atPath: full, isDirectory: &sub), !sub.boolValue { found.append(full) }
                }
            }
            r.files += found.sorted()
        }
        return r
    }
}
