/// How the files of an originals folder and an exports folder are paired.
public enum FolderPairing: String, Sendable, CaseIterable {
    /// By file name without its extension, case-insensitively: `IMG_0001.HEIC` ↔ `img_0001.jpg`.
    case stem
    /// By path relative to each folder without the extension, case-insensitively:
    /// `2024/IMG_0001.HEIC` ↔ `2024/img_0001.jpg`, not `2025/IMG_0001.jpg`.
    case relpath

    /// The pairs of `originals` (paths under `originalRoot`) and `exports` (under
    /// `exportRoot`), in the originals' order (`matched`, to compare), then the exports no
    /// original matches. A key that several files share on either side is `ambiguous`, each
    /// of those files listed.
    public func pairs(originals: [String], under originalRoot: String, exports: [String], under exportRoot: String) -> [ComparedPair] {
        let mine = originals.map { (key(of: $0, under: originalRoot), $0) }
        let theirs = exports.map { (key(of: $0, under: exportRoot), $0) }
        var out: [ComparedPair] = []
        var used: [String] = []
        for (k, path) in mine {
            let sameSide = mine.filter { $0.0 == k }.map(\.1)
            let matches = theirs.filter { $0.0 == k }.map(\.1)
            if sameSide.count > 1 || matches.count > 1 {
                out.append(ComparedPair(original: path, export: nil,
                                        outcome: .ambiguous(others: (sameSide + matches).filter { $0 != path })))
                used += matches
            } else if let m = matches.first {
                out.append(ComparedPair(original: path, export: m, outcome: .matched))
                used.append(m)
            } else {
                out.append(ComparedPair(original: path, export: nil, outcome: .unpairedOriginal))
            }
        }
        for (_, path) in theirs where !used.contains(path) {
            out.append(ComparedPair(original: nil, export: path, outcome: .unpairedExport))
        }
        return out
    }

    /// The key of `path` under `root`: its name or its relative path, without the extension,
    /// lowercased (ASCII letters; other bytes as they are).
    func key(of path: String, under root: String) -> String {
        var relative = Substring(path)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        if relative.hasPrefix(prefix) { relative = relative.dropFirst(prefix.count) }
        if self == .stem, let slash = relative.lastIndex(of: "/") { relative = relative[relative.index(after: slash)...] }
        let name = relative.lastIndex(of: "/").map { relative[relative.index(after: $0)...] } ?? relative
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { relative = relative[..<dot] }
        return String(String.UnicodeScalarView(relative.unicodeScalars.map { s in
            ("A"..."Z").contains(s) ? Unicode.Scalar(s.value + 32) ?? s : s
        }))
    }
}
