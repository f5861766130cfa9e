/// Expands the command line's paths into the files to check, in a stable order: files as
/// given, directories (with `-r`) walked and sorted by path.
///
/// A walk checks every file once. It remembers the device and inode of each directory it
/// enters and of each file it picks, so a directory reached a second time (through a link)
/// is not walked again and a file with two names is checked under one of them (every name with
/// `allNames`; the names passed over are counted in a note). Links are
/// followed only with `followLinks`, as `find -L` does; a link back to a directory being
/// walked is a loop, noted once and not followed. Inside a walk only files whose extension
/// is in `extensions` are picked, as ExifTool's `-ext` picks them, so READMEs and sidecars
/// are not reported as unreadable; paths named on the command line are always checked.
struct FileDiscovery {
    /// The image extensions depthcheck reads. `mpo` is kept beside the JPEG names because
    /// CIPA DC-007 names it for multi-picture files, which are MPF JPEGs like any other.
    /// A list, not a set (`ListSet` says why).
    static let defaultExtensions = ["jpg", "jpeg", "heic", "heif", "hif", "avif", "mpo"]
    /// Directory levels walked below each argument: a guard against pathological trees.
    static let maxDepth = 64

    var recursive = false
    var followLinks = false
    /// `--all-names`: every name of a file with several (hard links) is checked.
    var allNames = false
    var extensions = defaultExtensions
    /// Folders a walk does not enter, by device and inode whatever the name it meets them by,
    /// each with the reason said in the walk's notes: `compare` leaves an exports folder that
    /// lies inside the originals out of the originals' walk.
    var leavingOut: [(folder: Platform.FileStatus, reason: String)] = []

    struct Result {
        var files: [String] = []
        /// Paths that cannot be checked (missing, a directory without `-r`, a folder that
        /// cannot be listed): reported as unreadable.
        var problems: [(path: String, message: String)] = []
        /// Things the user should know about the walk (loops, depth), for stderr.
        var notes: [String] = []
        /// What each path named (not walked) was when it was looked at, links followed: an
        /// `--output` check (`OutputFile.input(among:sameAs:known:)`) need not look again, which
        /// for a batch of a thousand links was a twentieth of its time.
        var named: [String: Platform.FileStatus] = [:]
    }

    private struct Key: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ s: Platform.FileStatus) { device = s.device; inode = s.inode }
    }

    /// One file a walk found: where, which file, and whether a link led to it.
    private struct Candidate {
        let path: String
        let key: Key?
        let throughLink: Bool
        let problem: String?
    }

    /// State shared by every walk of one run.
    private struct Walk {
        var visited: Set<Key> = []
        var ancestors: Set<Key> = []
        var found: [Candidate] = []
        var notes: [String] = []
        /// Entries a walk passes over, counted so the run can say so.
        var hidden = 0
        var links = 0
        var vanished = 0
        /// Names passed over as another name of a file already picked.
        var otherNames = 0
    }

    func expand(_ paths: [String]) -> Result {
        var r = Result()
        var walk = Walk()
        var checked: Set<Key> = []
        // The files named directly, for a later walk to skip; a `Set` only once a walk needs one
        // (`ListSet` says why).
        var named: [Key] = []
        for p in paths {
            guard let st = Platform.status(p) else {
                // The real reason: ENOENT, but also ELOOP, ENOTDIR, EACCES, ENAMETOOLONG.
                r.problems.append((p, Platform.describe(Platform.lastError).lowercased()))
                r.files.append(p)
                continue
            }
            switch st.kind {
            case .directory where recursive:
                walk.found = []
                checked.formUnion(named)
                named = []
                if !walk.visited.contains(Key(st)) { enter(p, st, depth: 0, &walk) }
                let picked = allNames ? walk.found : unique(walk.found, skipping: &checked)
                walk.otherNames += walk.found.count - picked.count
                for c in picked.sorted(by: { $0.path < $1.path }) {
                    if let problem = c.problem { r.problems.append((c.path, problem)) }
                    r.files.append(c.path)
                }
            case .directory:
                r.problems.append((p, "is a directory (use -r to check the files in it)"))
                r.files.append(p)
            default:
                // A file named twice on the command line is checked twice, as asked.
                named.append(Key(st))
                r.files.append(p)
                // Only for batches: a few files are looked at again at no noticeable cost, and a
                // dictionary keyed by `String` costs a one-file check its first-use lookup.
                if paths.count > 16 { r.named[p] = st }
            }
        }
        r.notes = walk.notes
        var skipped: [String] = []
        if walk.hidden > 0 { skipped.append("\(walk.hidden) hidden \(walk.hidden == 1 ? "entry" : "entries") (names starting with '.'; name a file to check it)") }
        if walk.links > 0 { skipped.append("\(walk.links) symbolic \(walk.links == 1 ? "link" : "links") (--follow-links follows them)") }
        if walk.otherNames > 0 {
            skipped.append("\(walk.otherNames) \(walk.otherNames == 1 ? "name" : "names") of files already checked under another name (hard links\(followLinks ? " or followed links" : ""); --all-names checks every name)")
        }
        if walk.vanished > 0 { skipped.append("\(walk.vanished) \(walk.vanished == 1 ? "entry" : "entries") gone while the folder was read") }
        if !skipped.isEmpty { r.notes.append("skipped " + skipped.joined(separator: ", ")) }
        return r
    }

    private func enter(_ dir: String, _ st: Platform.FileStatus, depth: Int, _ walk: inout Walk) {
        let key = Key(st)
        walk.visited.insert(key)
        walk.ancestors.insert(key)
        defer { walk.ancestors.remove(key) }
        let names: [String]
        switch Platform.list(dir) {
        case .success(let n): names = n
        case .failure(let e):
            walk.found.append(Candidate(path: dir, key: nil, throughLink: false, problem: "cannot read directory: \(e)"))
            return
        }
        for name in names.sorted() {
            guard !name.hasPrefix(".") else {
                walk.hidden += 1
                continue
            }
            let full = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            guard var entry = Platform.status(full, followLinks: false) else {
                walk.vanished += 1
                continue
            }
            var throughLink = false
            if entry.kind == .symlink {
                guard followLinks else {
                    walk.links += 1
                    continue
                }
                guard let resolved = Platform.status(full) else {
                    let reason = Platform.describe(Platform.lastError).lowercased()
                    if chosen(name) {
                        walk.found.append(Candidate(path: full, key: nil, throughLink: true,
                                                    problem: "\(reason) (dangling link)"))
                    }
                    continue
                }
                entry = resolved
                throughLink = true
            }
            switch entry.kind {
            case .directory:
                let k = Key(entry)
                if walk.ancestors.contains(k) {
                    walk.notes.append("\(full): directory loop, not followed again")
                } else if let left = leavingOut.first(where: { Key($0.folder) == k }) {
                    walk.notes.append("\(full): not walked (\(left.reason))")
                } else if walk.visited.contains(k) {
                    // Reached before under another name: its files are already found.
                } else if depth + 1 >= Self.maxDepth {
                    walk.notes.append("\(full): more than \(Self.maxDepth) levels deep, not walked")
                } else {
                    enter(full, entry, depth: depth + 1, &walk)
                }
            case .file where chosen(name):
                walk.found.append(Candidate(path: full, key: Key(entry), throughLink: throughLink, problem: nil))
            default:
                break
            }
        }
    }

    /// One candidate per file: a name reached without a link wins over one through a link,
    /// else the first in walk order; files already checked in this run are dropped.
    private func unique(_ found: [Candidate], skipping checked: inout Set<Key>) -> [Candidate] {
        var best: [Key: Int] = [:]
        for (i, c) in found.enumerated() {
            guard let k = c.key, !checked.contains(k) else { continue }
            if let j = best[k] {
                if found[j].throughLink && !c.throughLink { best[k] = i }
            } else {
                best[k] = i
            }
        }
        var out: [Candidate] = []
        for (i, c) in found.enumerated() {
            if let k = c.key {
                guard best[k] == i else { continue }
            }
            out.append(c)
        }
        for k in best.keys { checked.insert(k) }
        return out
    }

    func chosen(_ name: String) -> Bool { extensions.contains(Self.pathExtension(name)) }

    static func pathExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }

    /// `--ext jpg,HEIC,.png` → ["jpg", "heic", "png"]; nil when an entry is empty.
    static func parseExtensions(_ lists: [String]) -> [String]? {
        var out: [String] = []
        for list in lists {
            for raw in list.split(separator: ",", omittingEmptySubsequences: false) {
                var e = Substring(raw.lowercased())
                while e.first == " " { e = e.dropFirst() }
                while e.last == " " { e = e.dropLast() }
                if e.first == "." { e = e.dropFirst() }
                guard !e.isEmpty, !e.contains("/") else { return nil }
                if !out.contains(String(e)) { out.append(String(e)) }
            }
        }
        return out
    }
}
