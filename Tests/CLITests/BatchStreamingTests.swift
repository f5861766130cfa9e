import Foundation
import Testing
import TestSupport

/// Batches for tools that fan depthcheck out (GNU parallel, xargs, a Spark or Dask pipe):
/// paths from a list file or standard input, and JSON Lines written as each file finishes.
@Suite struct BatchStreamingTests {
    static let good = "Corpus/good/jpeg-disparity.jpg"
    static let goodHEIC = "Corpus/good/heif-disparity.heic"
    static let bad = "Corpus/bad/structure.heif.iref-missing-item/ipma-for-missing-item.heic"

    static func listFile(_ contents: [UInt8], _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("depthcheck-list-\(getpid())-\(name)").path
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func paths(ofJSON r: Tools.Result) throws -> [String] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let files = try #require(doc["files"] as? [[String: Any]])
        return files.compactMap { $0["path"] as? String }
    }

    @Test func filesFromReadsOnePathPerLine() throws {
        let list = try Self.listFile(Array("\(Self.good)\n\n\(Self.goodHEIC)\n".utf8), "lines")
        defer { try? FileManager.default.removeItem(atPath: list) }
        let r = try Tools.depthcheck(["check", "--files-from", list, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.paths(ofJSON: r) == [Self.good, Self.goodHEIC])
    }

    @Test func filesFromWithNulSeparatorsAndCommandLinePaths() throws {
        let list = try Self.listFile(Array("\(Self.goodHEIC)\u{0}\(Self.bad)\u{0}".utf8), "nul")
        defer { try? FileManager.default.removeItem(atPath: list) }
        let r = try Tools.depthcheck(["check", Self.good, "--files-from", list, "-0", "--format", "json"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(try Self.paths(ofJSON: r) == [Self.good, Self.goodHEIC, Self.bad])
    }

    @Test func filesFromStandardInputAndMissingPathsGoOn() throws {
        let input = Array("missing-one.jpg\n\(Self.good)\nmissing-two.heic\n".utf8)
        let r = try Tools.run(Tools.depthcheck, ["check", "--files-from", "-", "--format", "jsonl"], input: input,
                              directory: TestData.packageRoot)
        #expect(r.status == 3, "\(r.stderr)")
        let lines = r.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let verdicts = try lines.map { line -> String in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return "\(o["path"] ?? "") \(o["verdict"] ?? "")"
        }
        #expect(verdicts == ["missing-one.jpg unreadable", "\(Self.good) pass", "missing-two.heic unreadable"])
    }

    @Test func aMissingListIsAUsageError() throws {
        let r = try Tools.depthcheck(["check", "--files-from", "no-such-list.txt"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot read --files-from no-such-list.txt: No such file or directory"))
        let nul = try Tools.depthcheck(["check", "-0", Self.good])
        #expect(nul.status == 2 && nul.stderr.contains("-0 goes with --files-from"))
    }

    @Test func jsonLinesAreTheJSONReportsFileObjectsInInputOrder() throws {
        let files = [Self.bad, Self.good, Self.goodHEIC, Self.good]
        let lines = try Tools.depthcheck(["check", "--jobs", "3", "--format", "jsonl"] + files)
        let whole = try Tools.depthcheck(["check", "--format", "json"] + files)
        #expect(lines.status == 1 && whole.status == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(whole.stdout)) as? [String: Any])
        let objects = try #require(doc["files"] as? [NSDictionary])
        let parsed = try lines.text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? NSDictionary)
        }
        #expect(parsed.count == files.count)
        // A line is the file object without its rule lists (those come with --rules-detail),
        // each aux image's metadata a list of {key, value} rather than an object.
        #expect(parsed.allSatisfy { $0["rules"] == nil })
        func normalised(_ o: NSDictionary) -> NSDictionary {
            let d = o.mutableCopy() as? NSMutableDictionary ?? NSMutableDictionary()
            d.removeObject(forKey: "rules")
            if let aux = d["auxImages"] as? [NSDictionary] {
                d["auxImages"] = aux.map { a -> NSDictionary in
                    let m = a.mutableCopy() as? NSMutableDictionary ?? NSMutableDictionary()
                    if let list = a["metadata"] as? [NSDictionary] {
                        m["metadata"] = NSDictionary(dictionary: Dictionary(uniqueKeysWithValues: list.map { ($0["key"] as? String ?? "", $0["value"] as Any) }))
                    }
                    return m
                }
            }
            return d
        }
        #expect(parsed.map(normalised) == objects.map(normalised))
        #expect(lines.text.hasSuffix("}\n") && !lines.text.contains("\n\n"))
    }

    @Test func aLargeBatchKeepsInputOrderWithManyJobs() throws {
        let files = (0..<60).map { [Self.good, Self.goodHEIC, Self.bad][$0 % 3] }
        let r = try Tools.depthcheck(["check", "--jobs", "8", "--format", "jsonl"] + files)
        let paths = try r.text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["path"] as? String
        }
        #expect(paths == files)
    }
}
