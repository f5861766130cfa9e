import Foundation
import Testing
import TestSupport

/// Graded exit codes (README, "Using it"): 0 every file passes, 1 findings at or above --fail-on,
/// 2 usage error, 3 a file could not be read.
@Suite struct ExitCodeTests {
    static let good = "Corpus/good/jpeg-disparity.jpg"
    static let goodHEIC = "Corpus/good/heif-disparity.heic"

    @Test func goodFilesPass() throws {
        let r = try Tools.depthcheck([Self.good, Self.goodHEIC])
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
        #expect(r.text.contains("2 files: 2 passed, 0 failed, 0 unreadable"))
    }

    @Test func checkIsTheDefaultCommand() throws {
        let a = try Tools.depthcheck([Self.good, "--format", "json"])
        let b = try Tools.depthcheck(["check", Self.good, "--format", "json"])
        #expect(a.status == 0 && a.stdout == b.stdout)
    }

    @Test func directoryWithOneBadAndOneGoodFileExitsOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("depthcheck-exit-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: TestData.packageRoot + "/" + Self.good, toPath: dir + "/a-good.jpg")
        // The same file with its MPF entry offset pointing past the end of the file.
        var bad = try #require(FileBytes.read(TestData.packageRoot + "/" + Self.good))
        let index = try #require(Self.find([0x4D, 0x50, 0x46, 0x00], in: bad))
        // Entry 2's offset field: TIFF header (index+4) + entry array at 50 + 16 + 8.
        let field = index + 4 + 50 + 16 + 8
        bad.replaceSubrange(field..<field + 4, with: [0x7F, 0xFF, 0xFF, 0xFF])
        try Data(bad).write(to: URL(fileURLWithPath: dir + "/b-bad.jpg"))

        let r = try Tools.depthcheck(["check", "-r", dir, "--format", "json"])
        #expect(r.status == 1, "\(r.text)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { ($0["path"] as? String ?? "").hasSuffix("a-good.jpg") } == [true, false])
        #expect(files.map { $0["verdict"] as? String } == ["pass", "fail"])
        let failed = (files[1]["rules"] as? [String: Any])?["failed"] as? [String]
        #expect(failed?.contains("structure.mpf.entry-offset-out-of-bounds") == true)

        // Without -r a directory is a usage error, before anything is read.
        let noR = try Tools.depthcheck(["check", dir])
        #expect(noR.status == 2 && noR.stderr == "depthcheck: \(dir) is a directory; give -r to check the files in it\n")
    }

    @Test func aMissingFileExitsThree() throws {
        let r = try Tools.depthcheck(["does-not-exist.heic"])
        #expect(r.status == 3)
        #expect(r.text.contains("UNREADABLE does-not-exist.heic"))
        #expect(r.text.contains("structure.file.unreadable"))
    }

    @Test func aTruncatedFileIsUnreadableWithItsOffset() throws {
        let bytes = try #require(FileBytes.read(TestData.packageRoot + "/" + Self.goodHEIC))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("depthcheck-trunc-\(getpid()).heic").path
        try Data(bytes.prefix(40)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try Tools.depthcheck(["info", "--json", path])
        #expect(r.status == 3)
        let json = try #require(Tools.infoRecord(r.stdout))
        let finding = try #require((json["findings"] as? [[String: Any]])?.first)
        #expect(finding["rule"] as? String == "structure.file.unreadable")
        #expect(finding["offset"] is Int)
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try Tools.depthcheck(["check"]).status == 2)
        #expect(try Tools.depthcheck(["check", "--jobs", "0", Self.good]).status == 2)
        #expect(try Tools.depthcheck(["check", "--format", "pdf", Self.good]).status == 2)
        #expect(try Tools.depthcheck(["explain", "no.such.rule"]).status == 2)
    }

    @Test func failOnWarningTurnsWarningsIntoFailures() throws {
        // An unindexed JPEG after the last image: a warning (structure.jpeg.trailing-data).
        let path = "Corpus/bad/structure.jpeg.trailing-data/unindexed-image-after-last.jpg"
        #expect(try Tools.depthcheck([path]).status == 0)
        #expect(try Tools.depthcheck(["--fail-on", "warning", path]).status == 1)
        #expect(try Tools.depthcheck(["--strict", path]).status == 1)
    }

    /// The iPhone X's only finding is a note (iOS 12's primary size): no option turns a note
    /// into a failure.
    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func anAppleOriginalPassesEvenStrictly() throws {
        let path = TestData.real("apple-jpeg-disparity-iphonex.jpg")
        #expect(try Tools.depthcheck([path]).status == 0)
        #expect(try Tools.depthcheck(["--fail-on", "warning", path]).status == 0)
        #expect(try Tools.depthcheck(["--strict", path]).status == 0)
    }

    @Test(.requires(.realFile("imageio-jpeg-gainmap.jpg")))
    func requireDepthFailsAPhotoWithoutDepth() throws {
        let path = TestData.real("imageio-jpeg-gainmap.jpg")
        #expect(try Tools.depthcheck([path]).status == 0)
        let r = try Tools.depthcheck(["--require", "depth", path])
        #expect(r.status == 1)
        #expect(r.text.contains("structure.aux.required-missing"))
        #expect(try Tools.depthcheck(["--require", "depth", Self.good]).status == 0)
        #expect(try Tools.depthcheck(["--require", "matte", Self.good]).status == 1)
    }

    @Test func jobsKeepInputOrder() throws {
        let files = [Self.goodHEIC, Self.good, Self.goodHEIC, Self.good, "missing.jpg", Self.good]
        let one = try Tools.depthcheck(["check", "--jobs", "1", "--format", "json"] + files)
        let four = try Tools.depthcheck(["check", "--jobs", "4", "--format", "json"] + files)
        #expect(one.status == 3 && four.status == 3)
        #expect(one.stdout == four.stdout)
    }

    @Test func outputGoesToTheNamedFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("depthcheck-out-\(getpid()).sarif").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try Tools.depthcheck(["check", Self.good, "--format", "sarif", "--output", path])
        #expect(r.status == 0 && r.stdout.isEmpty)
        let text = try #require(FileBytes.text(path))
        #expect(text.contains("\"version\": \"2.1.0\""))
    }

    @Test func rulesAndExplainListTheCatalog() throws {
        let rules = try Tools.depthcheck(["rules", "--format", "json"])
        #expect(rules.status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(rules.stdout)) as? [[String: Any]])
        #expect(list.count >= 40)
        #expect(list.contains { $0["id"] as? String == "matte.requires-depth" })
        let explain = try Tools.depthcheck(["explain", "matte.requires-depth"])
        #expect(explain.status == 0)
        #expect(explain.text.hasPrefix("matte.requires-depth (error)\n"))
        #expect(explain.text.contains("AVCapturePhotoOutput isPortraitEffectsMatteDeliveryEnabled"))
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i..<i + needle.count].elementsEqual(needle) { return i }
        return nil
    }
}
