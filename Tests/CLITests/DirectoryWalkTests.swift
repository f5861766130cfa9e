import Foundation
import Testing
import TestSupport

/// `check -r` checks every file once: links are followed only with --follow-links (as
/// `find -L`), a directory loop is noted once on stderr, a file with two names is checked
/// once, and only image extensions are picked, so READMEs and sidecars stay out of the report.
@Suite struct DirectoryWalkTests {
    /// DIR/one.jpg, DIR/sub/two.heic, DIR/sub/up → DIR (a loop), DIR/link.jpg → a photo
    /// outside DIR, DIR/again.jpg → DIR/one.jpg, DIR/README.md, DIR/one.jpg.xmp.
    static func layout(_ s: Scratch) throws -> (dir: String, outside: String) {
        try s.copy("Corpus/good/jpeg-disparity.jpg", to: "DIR/one.jpg")
        try s.copy("Corpus/good/heif-disparity.heic", to: "DIR/sub/two.heic")
        let outside = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "elsewhere/three.jpg")
        try s.link("DIR/sub/up", to: s.path("DIR"))
        try s.link("DIR/link.jpg", to: outside)
        try s.link("DIR/again.jpg", to: "one.jpg")
        try s.write("# photos\n", to: "DIR/README.md")
        try s.write("<x:xmpmeta/>\n", to: "DIR/one.jpg.xmp")
        return (s.path("DIR"), outside)
    }

    static func snapshot(_ s: Scratch) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for f in ["DIR/one.jpg", "DIR/sub/two.heic", "elsewhere/three.jpg", "DIR/README.md", "DIR/one.jpg.xmp"] {
            out[f] = Scratch.bytes(s.path(f))
        }
        return out
    }

    @Test func eachPhotoIsCheckedOnceAndLinksAreNotFollowed() throws {
        let s = try Scratch("walk")
        defer { s.remove() }
        let (dir, _) = try Self.layout(s)
        let before = Self.snapshot(s)
        let r = try Tools.depthcheck(["check", "-r", "--format", "json", dir])
        #expect(r.status == 0, "\(r.stderr)")
        // The walk says what it passed over: the links it did not follow.
        #expect(r.stderr == "depthcheck: note: skipped 3 symbolic links (--follow-links follows them)\n", "\(r.stderr)")
        #expect(try Tools.reportedPaths(r) == [dir + "/one.jpg", dir + "/sub/two.heic"])
        #expect(Self.snapshot(s) == before)
    }

    @Test func followLinksAddsTheLinkedFileOnceAndNotesTheLoopOnce() throws {
        let s = try Scratch("walk-L")
        defer { s.remove() }
        let (dir, _) = try Self.layout(s)
        let before = Self.snapshot(s)
        let r = try Tools.depthcheck(["check", "-r", "--follow-links", "--format", "json", dir])
        #expect(r.status == 0, "\(r.stderr)")
        // again.jpg is one.jpg under a second name: checked once, under its own name, and said.
        #expect(r.stderr == "depthcheck: note: \(dir)/sub/up: directory loop, not followed again\n"
                + "depthcheck: note: skipped 1 name of files already checked under another name (hard links or followed links; --all-names checks every name)\n")
        #expect(try Tools.reportedPaths(r) == [dir + "/link.jpg", dir + "/one.jpg", dir + "/sub/two.heic"])
        #expect(Self.snapshot(s) == before)
    }

    @Test func aDirectoryNamedTwiceOrBesideItsFilesIsWalkedOnce() throws {
        let s = try Scratch("walk-twice")
        defer { s.remove() }
        let (dir, _) = try Self.layout(s)
        let r = try Tools.depthcheck(["check", "-r", "--format", "json", dir + "/one.jpg", dir, dir + "/sub/up"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Tools.reportedPaths(r) == [dir + "/one.jpg", dir + "/sub/two.heic"])
    }

    @Test func extChoosesTheExtensionsAWalkPicks() throws {
        let s = try Scratch("walk-ext")
        defer { s.remove() }
        let (dir, _) = try Self.layout(s)
        try s.copy("Corpus/good/jpeg-disparity.jpg", to: "DIR/UPPER.JPG")
        let heic = try Tools.depthcheck(["check", "-r", "--ext", "HEIC", "--format", "json", dir])
        #expect(try Tools.reportedPaths(heic) == [dir + "/sub/two.heic"])
        let both = try Tools.depthcheck(["check", "-r", "--ext", ".jpg,heic", "--format", "json", dir])
        #expect(try Tools.reportedPaths(both) == [dir + "/UPPER.JPG", dir + "/one.jpg", dir + "/sub/two.heic"])
        // Picked by extension, then unreadable: still reported (exit 3).
        let md = try Tools.depthcheck(["check", "-r", "--ext", "md", "--format", "json", dir])
        #expect(md.status == 3)
        #expect(try Tools.reportedPaths(md) == [dir + "/README.md"])
        let bad = try Tools.depthcheck(["check", "-r", "--ext", "jpg,,heic", dir])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("depthcheck: --ext takes extensions separated by commas, e.g. --ext jpg,heic\n"))
    }

    @Test func aFileNamedOnTheCommandLineIsCheckedWhateverItsExtension() throws {
        let s = try Scratch("walk-named")
        defer { s.remove() }
        let (dir, _) = try Self.layout(s)
        let readme = dir + "/README.md"
        let before = Scratch.bytes(readme)
        let r = try Tools.depthcheck(["check", readme])
        #expect(r.status == 3)
        #expect(r.text.contains("UNREADABLE \(readme)"))
        #expect(Scratch.bytes(readme) == before)
    }
}
