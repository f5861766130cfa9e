import Foundation
import Testing
import TestSupport

/// Files other readers call valid (`../shared/corpus/conformance/`), each checked as a user
/// would: the verdict, the exit code and every finding, exactly. Each stands for a family a
/// survey of public files found judged wrongly; `Benchmarks/sweep.sh` repeats such a survey.
@Suite struct ConformanceSuiteTests {
    /// The findings of one file as `rule severity`, in report order, with the exit code.
    static func check(_ name: String) throws -> (status: Int32, verdict: String?, findings: [String]) {
        let r = try Tools.depthcheck(["check", "--format", "json", TestData.conformance(name)])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let file = try #require((json["files"] as? [[String: Any]])?.first)
        let findings = (file["findings"] as? [[String: Any]] ?? []).map { "\($0["rule"] ?? "") \($0["severity"] ?? "")" }
        return (r.status, file["verdict"] as? String, findings)
    }

    /// Nokia C005, "Thumbnail image as the primary item" (brands mif1, heic; no miaf): HEIF
    /// allows it, only MIAF requires a master image as the primary.
    @Test(.requires(.conformanceFile("nokia-C005-thumbnail-primary.heic")))
    func aThumbnailPrimaryWithoutMIAFPasses() throws {
        let r = try Self.check("nokia-C005-thumbnail-primary.heic")
        #expect(r.status == 0 && r.verdict == "pass")
        #expect(r.findings == [])
    }

    /// Nokia C050: ipma entries for the group_ids of two `albc` entity groups.
    @Test(.requires(.conformanceFile("nokia-C050-albc-group-properties.heic")))
    func propertiesOnEntityGroupsPass() throws {
        let r = try Self.check("nokia-C050-albc-group-properties.heic")
        #expect(r.status == 0 && r.verdict == "pass")
        #expect(r.findings == [])
    }

    /// Nokia C026, "An image sequence" (msf1): no meta, a moov. Named, not refused.
    @Test(.requires(.conformanceFile("nokia-C026-image-sequence.heic")))
    func anImageSequenceIsNamedAndPasses() throws {
        let r = try Self.check("nokia-C026-image-sequence.heic")
        #expect(r.status == 0 && r.verdict == "pass")
        #expect(r.findings == ["structure.heif.image-sequence note"])
        let text = try Tools.depthcheck(["check", TestData.conformance("nokia-C026-image-sequence.heic")])
        #expect(text.text.contains("(heif; image sequence 1280×720, no still image; "))
    }

    /// A camera JPEG whose XMP segment is two bytes short: judged (one error at the stray
    /// bytes), not refused as unreadable.
    @Test(.requires(.conformanceFile("jpeg-stray-bytes-before-marker.jpg")))
    func strayBytesAreOneErrorNotAnUnreadableFile() throws {
        let r = try Self.check("jpeg-stray-bytes-before-marker.jpg")
        #expect(r.status == 1 && r.verdict == "fail")
        #expect(r.findings == ["structure.jpeg.extraneous-bytes error"])
    }

    /// libheif's low-overhead sample (brand mif3, a `mini` box instead of `meta`): read, and
    /// judged like any HEIF.
    @Test(.requires(.conformanceFile("libheif-lightning-mini.heif")))
    func aLowOverheadFileIsRead() throws {
        let r = try Self.check("libheif-lightning-mini.heif")
        #expect(r.status == 0 && r.verdict == "pass")
        #expect(r.findings == [])
        let info = try Tools.depthcheck(["info", "--json", TestData.conformance("libheif-lightning-mini.heif")])
        let json = try #require(Tools.infoRecord(info.stdout))
        let primary = try #require(json["primary"] as? [String: Any])
        #expect(primary["width"] as? Int == 256 && primary["height"] as? Int == 256 && primary["codec"] as? String == "hvc1")
    }

    /// Every file of the folder gets a verdict; none is unreadable.
    @Test(.requires(.conformanceFile("README.md")))
    func everyFileOfTheFolderIsJudged() throws {
        let dir = TestData.conformance("")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasSuffix(".md") }.sorted()
        #expect(names.count >= 5)
        let r = try Tools.depthcheck(["check", "--format", "jsonl"] + names.map { dir + $0 })
        let lines = r.text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let unreadable = lines.filter { $0["verdict"] as? String == "unreadable" }.compactMap { ($0["path"] as? String)?.split(separator: "/").last.map(String.init) }
        #expect(lines.filter { $0["path"] != nil }.count == names.count)
        #expect(unreadable == [])
    }

    /// `make sweep DIR=…` (Benchmarks/sweep.sh): a line per file and a table per rule.
    @Test func theSweepScriptSurveysAFolder() throws {
        let dir = TestData.corpus + "/bad/structure.jpeg.trailing-data"
        let r = try Tools.run("/bin/bash", [TestData.packageRoot + "/Benchmarks/sweep.sh", dir],
                              environment: ["DEPTHCHECK": Tools.depthcheck, "PATH": "/usr/bin:/bin"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("PASS       jpeg  E0   W1   N0   \(dir)/bytes-between-primary-and-disparity.jpg  (disparity)  [structure.jpeg.trailing-data]"))
        #expect(lines.contains("PASS       jpeg  E0   W0   N1   \(dir)/zeros-after-last-image.jpg  (disparity)  [structure.jpeg.trailing-data]"))
        // The photos, walked as check -r walks: expected.txt is not one.
        #expect(lines.contains("3 files: 3 pass; 3 with depth or disparity"))
        #expect(!r.text.contains("expected.txt"))
        // Each row counts the files with findings of its severity: 2 with a warning, 1 with a note.
        #expect(lines.contains("structure.jpeg.trailing-data                     warning         2      2"))
        #expect(lines.contains("structure.jpeg.trailing-data                     note            1      1"))
    }

    /// A low-overhead file with an alpha plane: listed, decoded by check --pixels and
    /// extract; the writers, which do not rewrite such files, refuse and write nothing.
    @Test func aLowOverheadAlphaIsListedAndDecoded() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mini-cli-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let main = try MiniFixture.picture(MiniFixture.gradient(width: 48, height: 32, seed: 0), width: 48, height: 32)
        let alpha = try MiniFixture.picture(MiniFixture.gradient(width: 48, height: 32, seed: 100), width: 48, height: 32)
        let path = dir + "/a.heif"
        #expect(FileBytes.write(MiniFixture.file(width: 48, height: 32, main: main, alpha: alpha), to: path))
        let check = try Tools.depthcheck(["check", "--pixels", path])
        #expect(check.status == 0, "\(check.text)")
        #expect(check.text.hasPrefix("PASS \(path) (heif; alpha; "), "\(check.text)")
        let info = try Tools.depthcheck(["info", "--json", path])
        let json = try #require(Tools.infoRecord(info.stdout))
        let aux = try #require((json["auxImages"] as? [[String: Any]])?.first)
        #expect(aux["kind"] as? String == "alpha" && aux["width"] as? Int == 48 && aux["height"] as? Int == 32)
        let extract = try Tools.depthcheck(["extract", path, "--aux", "alpha", "--as", "stored", "-o", dir + "/alpha.npy"])
        #expect(extract.status == 0, "\(extract.stderr)")
        let strip = try Tools.depthcheck(["strip", path, "--all", "-o", dir + "/out.heif"])
        #expect(strip.status != 0)
        #expect(strip.stderr.contains("low-overhead mini box"), "\(strip.stderr)")
        #expect(!FileBytes.exists(dir + "/out.heif"))
    }
}
