import DepthCheckCore
import Testing
import TestSupport

/// `--shard K/N`: for every N from 1 to 8 the shards of a set of paths are disjoint and their
/// union is the set, on any machine (the hash is of the bytes alone).
@Suite struct ShardTests {
    /// Paths of every shape a tree has: nested, spaces, a newline, bytes that are not UTF-8.
    static let paths: [String] = {
        var g = SeededGenerator(seed: 27)
        var out = ["a.jpg", "b c.heic", "line\nbreak.jpg", "photos/2024/IMG_0001.HEIC", "./a.jpg"]
        for i in 0..<2_000 {
            let depth = Int(g.next() % 4)
            let dirs = (0..<depth).map { "d\(($0 &+ Int(g.next() % 7)))" }
            out.append((dirs + ["IMG_\(i)_\(g.next() % 1_000).jpg"]).joined(separator: "/"))
        }
        return out
    }()

    @Test(arguments: 1...8) func shardsAreDisjointAndTogetherTheWholeSet(count: Int) throws {
        let shards = try (0..<count).map { try #require(Shard(index: $0, count: count)) }
        for p in Self.paths {
            #expect(shards.filter { $0.contains(p) }.count == 1, "\(p)")
        }
        // Every shard gets a share: the hash spreads 2,005 paths.
        for s in shards {
            let n = Self.paths.filter(s.contains).count
            #expect(n > Self.paths.count / count / 2, "shard \(s) has \(n)")
        }
    }

    /// The split is FNV-1a 64 of the bytes: fixed values, so a change of hash is a change of contract.
    @Test func theHashIsFNV1a() {
        #expect(Shard.hash("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.hash("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.hash("foobar".utf8) == 0x8594_4171_f739_67e8)
        let s = Shard(index: Int(Shard.hash("a.jpg".utf8) % 8), count: 8)
        #expect(s?.contains("a.jpg") == true)
    }

    @Test func parsingAndNaming() {
        #expect(Shard("3/8") == Shard(index: 3, count: 8))
        #expect(Shard("0/1")?.description == "0/1")
        for bad in ["8/8", "-1/8", "1/0", "a/8", "1/", "/8", "1/8/2", "1 /8", "+1/8", "1/65537"] {
            #expect(Shard(bad) == nil, "\(bad)")
        }
        #expect(Shard("5/8")?.naming("/results/{shard}.jsonl") == "/results/5.jsonl")
        #expect(Shard("5/8")?.naming("/results/all.jsonl") == "/results/all.jsonl")
    }
}
