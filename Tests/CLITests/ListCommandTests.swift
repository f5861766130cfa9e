import Foundation
import Testing
import TestSupport

/// `depthcheck list` prints exactly the paths `check -r` checks, with the same options, as
/// the selection every recipe fans out: `.hif`, `.avif` and `.mpo` in, hidden `._*.JPG`
/// sidecars, a README and second hard-linked names out.
@Suite struct ListCommandTests {
    static func tree(_ s: Scratch) throws -> String {
        _ = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "T/a.jpg")
        _ = try s.copy("Corpus/good/heif-disparity.heic", to: "T/sub/b.HIF")
        _ = try s.copy("Corpus/good/heif-disparity.heic", to: "T/sub/c.avif")
        _ = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "T/d.MPO")
        _ = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "T/._a.JPG")
        _ = try s.write("# photos\n", to: "T/README.md")
        try FileManager.default.linkItem(atPath: s.path("T/a.jpg"), toPath: s.path("T/z-hardlink.jpg"))
        return s.path("T")
    }

    /// The paths of a `check -r --format jsonl` run, in order.
    static func checked(_ arguments: [String]) throws -> [String] {
        let r = try Tools.depthcheck(["check", "-r", "--format", "jsonl", "--fail-on", "never"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        return try r.text.split(separator: "\n").map { line in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(o["path"] as? String)
        }
    }

    @Test(arguments: [[String](), ["--all-names"], ["--ext", "jpg"], ["--shard", "1/3"], ["--follow-links"]])
    func theListIsWhatCheckChecks(_ options: [String]) throws {
        let s = try Scratch("list-\(options.joined())")
        defer { s.remove() }
        let dir = try Self.tree(s)
        let list = try Tools.depthcheck(["list", dir] + options)
        #expect(list.status == 0, "\(list.stderr)")
        let listed = list.text.split(separator: "\n").map(String.init)
        #expect(listed == (try Self.checked([dir] + options)))
        if options.isEmpty {
            #expect(listed == [dir + "/a.jpg", dir + "/d.MPO", dir + "/sub/b.HIF", dir + "/sub/c.avif"], "\(listed)")
        }
    }

    @Test func shardsTogetherAreTheWholeAndNULSeparatesThem() throws {
        let s = try Scratch("list-shards")
        defer { s.remove() }
        let dir = try Self.tree(s)
        let whole = try Tools.depthcheck(["list", "-0", dir])
        var parts: [[UInt8]] = []
        for k in 0..<3 { parts.append(try Tools.depthcheck(["list", "-0", "--shard", "\(k)/3", dir]).stdout) }
        func names(_ b: [UInt8]) -> [[UInt8]] { b.split(separator: 0).map(Array.init) }
        #expect(names(whole.stdout).count == 4 && whole.stdout.last == 0)
        #expect(parts.flatMap(names).sorted { $0.lexicographicallyPrecedes($1) } == names(whole.stdout).sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test func whatCannotBeListedSaysSo() throws {
        let s = try Scratch("list-errors")
        defer { s.remove() }
        let dir = try Self.tree(s)
        let missing = try Tools.depthcheck(["list", dir, s.path("gone.jpg")])
        #expect(missing.status == 3)
        #expect(missing.text.hasSuffix(s.path("gone.jpg") + "\n"))
        #expect(missing.stderr.hasSuffix("depthcheck: cannot read \(s.path("gone.jpg")): no such file or directory\n"), "\(missing.stderr)")
        let empty = try Tools.depthcheck(["list", dir, "--ext", "png"])
        #expect(empty.status == 2 && empty.stderr.hasSuffix("no file with extension png under \(dir); nothing listed\n"), "\(empty.stderr)")
        _ = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "N/line\nfeed.jpg")
        let newline = try Tools.depthcheck(["list", s.path("N")])
        #expect(newline.status == 2 && newline.stderr.contains("has a line feed in its name; give -0"), "\(newline.stderr)")
        #expect(try Tools.depthcheck(["list", "-0", s.path("N")]).status == 0)
    }
}
