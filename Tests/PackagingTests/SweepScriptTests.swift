import Foundation
import Testing
import TestSupport

/// `make sweep` (Benchmarks/sweep.sh): the photos of a folder as `check -r` walks them, a
/// notes.txt not among them, each line saying what aux images the file holds and the summary
/// how many have depth.
@Suite struct SweepScriptTests {
    @Test(.requires(.tool("python3")))
    func theSurveySaysWhichFilesHaveDepth() throws {
        let s = try Scratch("sweep")
        defer { s.remove() }
        _ = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "a.jpg")
        _ = try s.copy("Corpus/bad/matte.requires-depth/matte-without-disparity.jpg", to: "b.jpg")
        _ = try s.write("not a photo", to: "notes.txt")
        var env = ProcessInfo.processInfo.environment
        env["DEPTHCHECK"] = Tools.depthcheck
        let r = try Tools.run("/bin/bash", [TestData.packageRoot + "/Benchmarks/sweep.sh", s.dir], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "PASS       jpeg  E0   W0   N0   \(s.dir)/a.jpg  (disparity)", "\(r.text)")
        #expect(lines.contains("FAIL       jpeg  E1   W0   N0   \(s.dir)/b.jpg  (portraitEffectsMatte)  [matte.requires-depth]"), "\(r.text)")
        #expect(lines.contains("2 files: 1 fail, 1 pass; 1 with depth or disparity"), "\(r.text)")
        #expect(!r.text.contains("notes.txt"))
    }

    /// The rule table has a row per rule and severity, and each row counts the files with
    /// findings of that severity: a rule that is a warning in one file and a note in another is
    /// one file in each row, not two.
    @Test(.requires(.tool("python3")))
    func eachRowCountsItsOwnFiles() throws {
        let s = try Scratch("sweep-rows")
        defer { s.remove() }
        _ = try s.copy("Corpus/bad/structure.jpeg.trailing-data/unindexed-image-after-last.jpg", to: "w.jpg")
        _ = try s.copy("Corpus/bad/structure.jpeg.trailing-data/zeros-after-last-image.jpg", to: "z.jpg")
        var env = ProcessInfo.processInfo.environment
        env["DEPTHCHECK"] = Tools.depthcheck
        let r = try Tools.run("/bin/bash", [TestData.packageRoot + "/Benchmarks/sweep.sh", s.dir], environment: env)
        let rows = r.text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("structure.jpeg.trailing-data ") }
        #expect(rows.count == 2, "\(r.text)")
        for row in rows {
            let f = row.split(separator: " ")
            #expect(f.count == 4 && f[3] == "1", "\(row)")
        }
    }
}
