import Container
import Validator

/// One of N shards of a set of paths, chosen by the path alone: a path belongs to shard
/// `index` when the 64-bit FNV-1a hash of its bytes, modulo `count`, is `index`. The hash
/// depends on nothing but the bytes, so every machine splits the same list the same way, the
/// shards are disjoint and together they are the whole set (a Kubernetes indexed Job or a
/// Slurm array runs shard `$JOB_COMPLETION_INDEX` of N). A path is taken as written: `a/b.jpg`
/// and `./a/b.jpg` are different paths.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// The largest number of shards: far beyond any cluster, small enough to spell.
    package static let maxCount = 65_536

    /// K, from 0.
    package let index: Int
    /// N.
    package let count: Int

    /// Shard `index` of `count`; nil unless 0 ≤ index < count ≤ ``maxCount``.
    package init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maxCount, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N` as the command line writes it (`0/8`); nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 6 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    /// `K/N`.
    package var description: String { "\(index)/\(count)" }

    /// Whether `path` is in this shard: the hash of the name's bytes as the file system has
    /// them (a name that is not UTF-8 is hashed as its raw bytes, see `PathText`).
    package func contains(_ path: String) -> Bool {
        let h = PathText.hasRawBytes(path) ? Self.hash(PathText.bytes(of: path)) : Self.hash(path.utf8)
        return Int(h % UInt64(count)) == index
    }

    /// Whether `name` holds `{shard}`, which ``naming(_:)`` replaces.
    package static func hasPlaceholder(_ name: String) -> Bool { TextSearch.contains(name, "{shard}") }

    /// `name` with every `{shard}` replaced by K: one output file per shard.
    package func naming(_ name: String) -> String {
        name.replacing("{shard}", with: String(index))
    }

    /// 64-bit FNV-1a (Fowler, Noll, Vo): offset basis 14695981039346656037, prime 1099511628211.
    package static func hash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 14_695_981_039_346_656_037
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 1_099_511_628_211
        }
        return h
    }
}
