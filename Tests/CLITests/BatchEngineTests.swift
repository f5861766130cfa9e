import Foundation
import Testing
import TestSupport

/// What batch engines need of `check`: an exit status that means "results incomplete" only,
/// shards that partition a tree, one output per shard, JSON Lines short enough to reach a
/// pipe whole and of a published shape, and hard links said out loud.
@Suite struct BatchEngineTests {
    static func lines(_ r: Tools.Result) -> [[String: Any]] {
        String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Findings and unreadable files are results: exit 0 with --fail-on never; a bad request
    /// is still 2 and an output that cannot be written 4.
    @Test func failOnNeverExitsZeroWhenEveryInputHasItsResult() throws {
        let bad = "Corpus/bad/matte.requires-depth/matte-without-disparity.jpg"
        let paths = [TestData.packageRoot + "/" + bad, "/nonexistent/depthcheck.jpg", TestData.packageRoot + "/Corpus/good/jpeg-disparity.jpg"]
        let plain = try Tools.depthcheck(["check", "--format", "jsonl"] + paths)
        #expect(plain.status == 3)
        let never = try Tools.depthcheck(["check", "--format", "jsonl", "--fail-on", "never"] + paths)
        #expect(never.status == 0, "\(never.stderr)")
        #expect(Self.lines(never).map { $0["verdict"] as? String } == ["fail", "unreadable", "pass"])
        // The verdicts are those of --fail-on error.
        #expect(Self.lines(never).map { $0["verdict"] as? String } == Self.lines(plain).map { $0["verdict"] as? String })
        let request = try Tools.depthcheck(["check", "--fail-on", "never", "--shard", "8/8", paths[0]])
        #expect(request.status == 2)
        #expect(request.stderr.contains("--shard 8/8: give K/N with 0 ≤ K < N"), "\(request.stderr)")
        // The visual report takes the same convention.
        let s = try Scratch("fail-on-never-report")
        defer { s.remove() }
        let page = try Tools.depthcheck(["report", "--fail-on", "never", paths[0], paths[1], "-o", s.path("r.html")])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stderr.contains("wrote \(s.path("r.html")): 2 files, 0 pass, 1 fail, 1 unreadable"), "\(page.stderr)")
        // An output that fails while it is written (a full disk): the results are incomplete.
        let output = try Tools.depthcheck(["check", "--fail-on", "never", "-o", "/dev/full", paths[0]])
        #expect(output.status == 4, "\(output.stderr)")
    }

    /// For N = 1…8, the shards of `-r Corpus/bad` (one output file each, named by {shard})
    /// hold every path of the whole run exactly once, with its verdict.
    @Test func shardsOfATreeAreItsFilesOnceEach() throws {
        let s = try Scratch("shards")
        defer { s.remove() }
        let tree = TestData.packageRoot + "/Corpus/bad"
        let whole = Self.lines(try Tools.depthcheck(["check", "-r", tree, "--format", "jsonl", "--fail-on", "never"]))
        let want = Dictionary(uniqueKeysWithValues: whole.compactMap { l in (l["path"] as? String).map { ($0, l["verdict"] as? String) } })
        #expect(want.count == whole.count && whole.count > 100)
        for n in 1...8 {
            var got: [String: String?] = [:]
            for k in 0..<n {
                let out = s.path("n\(n)/{shard}.jsonl")
                try FileManager.default.createDirectory(atPath: s.path("n\(n)"), withIntermediateDirectories: true)
                let r = try Tools.depthcheck(["check", "-r", tree, "--shard", "\(k)/\(n)", "--format", "jsonl",
                                              "--fail-on", "never", "-o", out])
                #expect(r.status == 0, "\(r.stderr)")
                let text = try #require(FileBytes.text(s.path("n\(n)/\(k).jsonl")))
                for line in text.split(separator: "\n") {
                    let l = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                    let p = try #require(l["path"] as? String)
                    #expect(got[p] == nil, "\(p) in two shards of \(n)")
                    got[p] = l["verdict"] as? String
                }
            }
            #expect(got.count == want.count, "N = \(n)")
            #expect(got.keys.allSatisfy { want[$0] != nil })
            for (p, v) in got { #expect(want[p] == v, "\(p)") }
        }
        let noShard = try Tools.depthcheck(["check", tree, "-o", s.path("{shard}.jsonl")])
        #expect(noShard.status == 2)
    }

    /// A file with three names is checked once by -r and the two other names are counted on
    /// stderr; --all-names checks each.
    @Test func hardLinksAreSaidOutLoud() throws {
        let s = try Scratch("hard-links")
        defer { s.remove() }
        let first = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "tree/a.jpg")
        try FileManager.default.createDirectory(atPath: s.path("tree/sub"), withIntermediateDirectories: true)
        #expect(link(first, s.path("tree/b.jpg")) == 0 && link(first, s.path("tree/sub/c.jpg")) == 0)
        let once = try Tools.depthcheck(["check", "-r", s.path("tree"), "--format", "jsonl"])
        #expect(once.status == 0)
        #expect(Self.lines(once).count == 1)
        #expect(once.stderr.contains("skipped 2 names of files already checked under another name (hard links; --all-names checks every name)"), "\(once.stderr)")
        let all = try Tools.depthcheck(["check", "-r", s.path("tree"), "--all-names", "--format", "jsonl"])
        #expect(all.status == 0)
        #expect(Self.lines(all).map { ($0["path"] as? String)?.split(separator: "/").last.map(String.init) } == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(!all.stderr.contains("hard links"))
    }

    /// Default lines carry no rule lists and stay under PIPE_BUF (4,096 bytes) for every file
    /// of the corpora; --rules-detail adds the lists; metadata is a list of {key, value}.
    @Test func linesAreShortAndOfAFixedShape() throws {
        let trees = [TestData.packageRoot + "/Corpus"] + (FileBytes.exists(TestData.realCorpus) ? [TestData.realCorpus] : [])
        let r = try Tools.depthcheck(["check", "-r", "--format", "jsonl", "--fail-on", "never"] + trees)
        #expect(r.status == 0)
        let text = String(decoding: r.stdout, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count > 100)
        for line in lines {
            #expect(line.utf8.count < 4_096, "\(line.prefix(120))")
            #expect(!line.contains("\"rules\":"))
        }
        let lists = Self.lines(r).flatMap { ($0["auxImages"] as? [[String: Any]]) ?? [] }.compactMap { $0["metadata"] as? [[String: Any]] }
        #expect(!lists.isEmpty && lists.allSatisfy { $0.allSatisfy { $0.keys.sorted() == ["key", "value"] } })
        let detail = try Tools.depthcheck(["check", "--format", "jsonl", "--rules-detail", TestData.packageRoot + "/Corpus/good/jpeg-disparity.jpg"])
        let rules = try #require(Self.lines(detail).first?["rules"] as? [String: [String]])
        #expect(rules["passed"]?.contains("structure.mpf.images-overlap") == true)
    }

    /// Every line of the corpora, with and without --pixels and --rules-detail, is valid
    /// against the published schema (schemas/check-line.schema.json).
    @Test(.requires(.jsonSchema)) func linesMatchThePublishedSchema() throws {
        let s = try Scratch("line-schema")
        defer { s.remove() }
        let trees = [TestData.packageRoot + "/Corpus"] + (FileBytes.exists(TestData.realCorpus) ? [TestData.realCorpus] : [])
        var all: [UInt8] = []
        for extra in [[], ["--pixels", "--rules-detail"]] {
            let r = try Tools.depthcheck(["check", "-r", "--format", "jsonl", "--fail-on", "never"] + extra + trees + ["/nonexistent.jpg"])
            #expect(r.status == 0)
            all += r.stdout
        }
        let lines = s.path("lines.jsonl")
        #expect(FileBytes.write(all, to: lines))
        let script = """
            import json, sys, jsonschema
            v = jsonschema.Draft7Validator(json.load(open(sys.argv[1])))
            n = bad = 0
            for line in open(sys.argv[2], encoding="utf-8", errors="surrogateescape"):
                n += 1
                for e in v.iter_errors(json.loads(line)):
                    bad += 1
                    print(e.json_path, e.message[:200])
            print(n, bad)
            """
        let p = try Tools.run(try #require(Tools.which("python3")), ["-c", script, TestData.packageRoot + "/schemas/check-line.schema.json", lines])
        #expect(p.status == 0, "\(p.stderr)")
        let last = p.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" 0"), "\(p.text)")
        #expect((Int(last.split(separator: " ").first ?? "") ?? 0) > 200)
    }

    /// The Spark DDL of docs/scale-out.md names only fields the schema has, at the same place, with a type
    /// the schema allows there, and every field a line always has.
    @Test(.requires(.tool("python3"))) func theScaleOutPagesSparkDDLMatchesTheSchema() throws {
        let root = TestData.packageRoot
        let r = try Tools.run(try #require(Tools.which("python3")),
                              [root + "/Tests/Scripts/spark_ddl_check.py", root + "/schemas/check-line.schema.json", root + "/docs/scale-out.md"])
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
        let checked = Int(r.text.split(separator: " ").first ?? "") ?? 0
        #expect(checked > 40, "\(r.text)")
    }

    /// A name that is not UTF-8 carries its exact bytes in base64 beside its path, so an
    /// engine whose strings must be UTF-8 (a Spark DataFrame) loses nothing; a UTF-8 name
    /// carries none.
    @Test func aNameThatIsNotUTF8CarriesItsBytes() throws {
        let s = try Scratch("path-bytes")
        defer { s.remove() }
        _ = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "plain.jpg")
        let made = try Tools.run("/bin/sh", ["-c", "cp plain.jpg \"$(printf 'caf\\351.jpg')\""], directory: s.dir)
        #expect(made.status == 0, "\(made.stderr)")
        let r = try Tools.run(Tools.depthcheck, ["check", "-r", "--format", "jsonl", "."], directory: s.dir)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("{\"path\":\"./caf\\udce9.jpg\",\"pathBytes\":\"Li9jYWbpLmpwZw==\",\"container\":\"jpeg\""), "\(lines[0])")
        #expect(lines[1].hasPrefix("{\"path\":\"./plain.jpg\",\"container\":\"jpeg\""), "\(lines[1])")
    }
}
