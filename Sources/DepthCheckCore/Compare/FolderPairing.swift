/// How the files of an originals folder and an exports folder are paired.
public enum FolderPairing: String, Sendable, CaseIterable {
    /// By path relative to each folder first, then by file name, both without the extension and
    /// case-insensitively: `2024/IMG_0001.HEIC` ↔ `2024/img_0001.jpg` when the exports keep the
    /// originals' folders (camera counters repeat across folders), else ↔ `img_0001.jpg`
    /// anywhere in the exports.
    case stem
    /// By path relative to each folder without the extension, case-insensitively:
    /// `2024/IMG_0001.HEIC` ↔ `2024/img_0001.jpg`, not `2025/IMG_0001.jpg`.
    case relpath

    /// The pairs of `originals` (paths under `originalRoot`) and `exports` (under
    /// `exportRoot`), in the originals' order (`matched`, to compare), then the exports no
    /// original matches. A key that several files share on either side is `ambiguous`, each
    /// of those files listed.
    public func pairs(originals: [String], under originalRoot: String, exports: [String], under exportRoot: String) -> [ComparedPair] {
        var settled: [ComparedPair?] = Array(repeating: nil, count: originals.count)
        var used = [Bool](repeating: false, count: exports.count)
        // The same path relative to each folder, one file on each side: the same photo.
        let byPath = Self.groups(exports.map { Self.key(of: $0, under: exportRoot, nameOnly: false) })
        let mineByPath = originals.map { Self.key(of: $0, under: originalRoot, nameOnly: false) }
        let minePathCounts = Self.groups(mineByPath)
        for (i, k) in mineByPath.enumerated() {
            guard let theirs = byPath[k], theirs.count == 1, minePathCounts[k]?.count == 1 else { continue }
            settled[i] = ComparedPair(original: originals[i], export: exports[theirs[0]], outcome: .matched)
            used[theirs[0]] = true
        }
        // The rest: by relative path (its ambiguities), or by name among the files left.
        let nameOnly = self == .stem
        let mineKeys = originals.map { Self.key(of: $0, under: originalRoot, nameOnly: nameOnly) }
        let theirKeys = exports.map { Self.key(of: $0, under: exportRoot, nameOnly: nameOnly) }
        let mineLeft = Self.groups(mineKeys.indices.filter { settled[$0] == nil }.map { mineKeys[$0] })
        var theirsLeft: [String: [Int]] = [:]
        for j in exports.indices where !used[j] { theirsLeft[theirKeys[j], default: []].append(j) }
        var out: [ComparedPair] = []
        for i in originals.indices {
            if let s = settled[i] {
                out.append(s)
                continue
            }
            let k = mineKeys[i]
            let sameSide = (mineLeft[k]?.count ?? 0) > 1
            let matches = theirsLeft[k] ?? []
            if sameSide || matches.count > 1 {
                let others = originals.indices.filter { $0 != i && settled[$0] == nil && mineKeys[$0] == k }.map { originals[$0] }
                out.append(ComparedPair(original: originals[i], export: nil,
                                        outcome: .ambiguous(others: others + matches.map { exports[$0] })))
                for j in matches { used[j] = true }
            } else if let j = matches.first {
                out.append(ComparedPair(original: originals[i], export: exports[j], outcome: .matched))
                used[j] = true
            } else {
                out.append(ComparedPair(original: originals[i], export: nil, outcome: .unpairedOriginal))
            }
        }
        for j in exports.indices where !used[j] {
            out.append(ComparedPair(original: nil, export: exports[j], outcome: .unpairedExport))
        }
        return out
    }

    /// Each key's positions in `keys`.
    static func groups(_ keys: [String]) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for (i, k) in keys.enumerated() { out[k, default: []].append(i) }
        return out
    }

    /// The key of `path` under `root` as this pairing first reads it: its relative path for
    /// `relpath`, its name for `stem` (which pairs by relative path before it pairs by name).
    func key(of path: String, under root: String) -> String {
        Self.key(of: path, under: root, nameOnly: self == .stem)
    }

    /// The name (`nameOnly`) or the relative path of `path` under `root`, without the
    /// extension, lowercased (ASCII letters; other bytes as they are).
    static func key(of path: String, under root: String, nameOnly: Bool) -> String {
        var relative = Substring(path)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        if relative.hasPrefix(prefix) { relative = relative.dropFirst(prefix.count) }
        if nameOnly, let slash = relative.lastIndex(of: "/") { relative = relative[relative.index(after: slash)...] }
        let name = relative.lastIndex(of: "/").map { relative[relative.index(after: $0)...] } ?? relative
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { relative = relative[..<dot] }
        return String(String.UnicodeScalarView(relative.unicodeScalars.map { s in
            ("A"..."Z").contains(s) ? Unicode.Scalar(s.value + 32) ?? s : s
        }))
    }
}
