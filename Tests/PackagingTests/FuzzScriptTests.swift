import Foundation
import Testing
import TestSupport

/// `Fuzz/run.sh` (the fuzz smoke run of `make ci-checks`) takes the fuzz binary's build by
/// `swift build`'s exit status. A failed build leaves the previous binary in place; judging by
/// the binary alone ran that old binary against code that no longer exists, and passed.
@Suite struct FuzzScriptTests {
    @Test func aFailedBuildStopsTheRunEvenWithAnOldBinaryInPlace() throws {
        let s = try Scratch("fuzz-script")
        defer { s.remove() }
        // A `swift` that fails the way a compile error does, first on PATH.
        let fakeSwift = try s.write("#!/bin/sh\necho 'error: cannot find XMPNames in scope'\nexit 1\n", to: "bin/swift")
        #expect(chmod(fakeSwift, 0o755) == 0)
        // An executable left by an earlier build, under a configuration name of this test's own.
        let config = "stale-\(getpid())"
        let fuzzBuild = TestData.packageRoot + "/Fuzz/.build/" + config
        try FileManager.default.createDirectory(atPath: fuzzBuild, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: fuzzBuild) }
        let stale = fuzzBuild + "/depthcheck-fuzz"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data("#!/bin/sh\nexit 0\n".utf8)))
        #expect(chmod(stale, 0o755) == 0)

        var env = ProcessInfo.processInfo.environment
        env["PATH"] = s.path("bin") + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["FUZZ_CONFIG"] = config
        let r = try Tools.run("/bin/bash", [TestData.packageRoot + "/Fuzz/run.sh", "1", "FuzzSEI"], environment: env)
        #expect(r.status == 1, "\(r.text)\(r.stderr)")
        #expect(r.stderr.contains("run.sh: build of depthcheck-fuzz failed"), "\(r.stderr)")
        #expect(r.text.contains("error: cannot find XMPNames in scope"), "\(r.text)")
        #expect(!r.text.contains("== run"), "the old binary must not run: \(r.text)")
    }

    /// Built plainly, the fuzz binary replays files through a target: the writer's seeds and
    /// the check's kept crashers keep their invariants (exit 0), a target it does not know is
    /// a usage error naming every target (exit 64), and a file it cannot read counts as broken.
    @Test func theFuzzBinaryReplaysFilesThroughATarget() throws {
        let binary = URL(fileURLWithPath: Tools.depthcheck).deletingLastPathComponent().appendingPathComponent("depthcheck-fuzz").path
        #expect(FileManager.default.isExecutableFile(atPath: binary), "\(binary) is built with the package")
        let seeds = TestData.packageRoot + "/Fuzz/seeds/writer"
        let files = try FileManager.default.contentsOfDirectory(atPath: seeds).sorted().map { seeds + "/" + $0 }
        #expect(files.count == 6)
        let writer = try Tools.run(binary, ["FuzzWriter"] + files)
        #expect(writer.status == 0, "\(writer.stderr)")
        #expect(writer.stderr.isEmpty, "\(writer.stderr)")
        let unknown = try Tools.run(binary, ["FuzzNothing"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "usage: depthcheck-fuzz TARGET FILE...\n"
                + "targets: FuzzJPEG FuzzHEIF FuzzXMP FuzzSEI FuzzCheck FuzzPixels FuzzMaps FuzzWriter\n")
        let missing = try Tools.run(binary, ["FuzzSEI", seeds + "/no-such-file"])
        #expect(missing.status == 1)
        #expect(missing.stderr == seeds + "/no-such-file: cannot be read\n")
    }

    /// `Fuzz/differential.py` (the differential smoke run of `make test`): a checker that passes
    /// everything makes misses, which `--strict` fails on unless the allow-list names them; a
    /// checker that crashes fails the run whatever the list says; depthcheck with the list passes.
    @Test(.requires(.tool("heif-info"), .tool("python3")))
    func theDifferentialRunFailsOnMissesAndCrashes() throws {
        let s = try Scratch("differential-script")
        defer { s.remove() }
        let passEverything = try s.write("#!/bin/sh\necho '{\"path\":\"x\",\"container\":\"heif\",\"verdict\":\"pass\",\"findings\":[]}'\n", to: "pass.sh")
        let crash = try s.write("#!/bin/sh\nexit 6\n", to: "crash.sh")
        #expect(chmod(passEverything, 0o755) == 0 && chmod(crash, 0o755) == 0)
        let python = try #require(Tools.which("python3"))
        func run(_ checker: String, _ extra: [String]) throws -> Tools.Result {
            try Tools.run(python, [TestData.packageRoot + "/Fuzz/differential.py", "--depthcheck", checker, "--max-mutants", "60",
                                   "--seconds", "120", "--seed", "1", "--out", s.path("out-\(extra.count)-\(checker.count)"),
                                   TestData.packageRoot + "/Corpus/good/heif-disparity.heic"] + extra)
        }
        let strict = try run(passEverything, ["--strict"])
        #expect(strict.status == 1, "\(strict.text)\(strict.stderr)")
        #expect(strict.text.contains(" misses (") && !strict.text.contains(", 0 misses"), "\(strict.text)")
        let crashed = try run(crash, [])
        #expect(crashed.status == 1, "\(crashed.text)")
        #expect(!crashed.text.contains(" 0 depthcheck crashes"), "\(crashed.text)")
        let real = try run(Tools.depthcheck, ["--strict", "--known", TestData.packageRoot + "/Fuzz/differential-known.txt"])
        #expect(real.status == 0, "\(real.text)\(real.stderr)")
        #expect(real.text.contains("0 depthcheck crashes"), "\(real.text)")
    }
}
