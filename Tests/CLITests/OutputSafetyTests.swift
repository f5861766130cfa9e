import Foundation
import Testing
import TestSupport

/// `--output` never destroys an input, never leaves a partial file, and reports every
/// failure with the path, the system's reason and the README's exit code: 2 for a path that
/// cannot be written, 4 when the bytes cannot be written.
@Suite struct OutputSafetyTests {
    static let photo = "Corpus/good/jpeg-disparity.jpg"

    @Test func anOutputThatIsTheInputIsRefusedBeforeAnythingIsWritten() throws {
        let s = try Scratch("out-is-in")
        defer { s.remove() }
        let input = try s.copy(Self.photo, to: "in.jpg")
        let before = Scratch.bytes(input)
        let r = try Tools.depthcheck(["check", "--format", "json", "--output", input, input])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: refusing to write to \(input): it is one of the inputs\n")
        #expect(r.stdout.isEmpty)
        #expect(Scratch.bytes(input) == before)
        #expect(s.names() == ["in.jpg"])
    }

    @Test func anOutputReachingAnInputThroughALinkIsRefused() throws {
        let s = try Scratch("out-link")
        defer { s.remove() }
        let input = try s.copy(Self.photo, to: "photos/in.jpg")
        let before = Scratch.bytes(input)
        try s.link("alias.jpg", to: input)
        try FileManager.default.linkItem(atPath: input, toPath: s.path("hard.jpg"))
        for output in [s.path("alias.jpg"), s.path("hard.jpg"), s.path("photos/../photos/in.jpg")] {
            let r = try Tools.depthcheck(["check", "--output", output, input])
            #expect(r.status == 2, "\(output)")
            #expect(r.stderr == "depthcheck: refusing to write to \(output): it is one of the inputs (\(input))\n")
            #expect(Scratch.bytes(input) == before)
        }
        // A file found by walking a directory is an input too.
        let walked = try Tools.depthcheck(["check", "-r", s.path("photos"), "--output", s.path("hard.jpg")])
        #expect(walked.status == 2)
        #expect(walked.stderr == "depthcheck: refusing to write to \(s.path("hard.jpg")): it is one of the inputs (\(input))\n")
        #expect(Scratch.bytes(input) == before)
    }

    /// The same in a batch (past 16 inputs, the files named are looked up once, for the batch
    /// and for this check together): an output that is the last input under another name, a
    /// link or a hard link, is refused; and a missing input named as the output still is.
    @Test func aBatchsOutputReachingAnInputIsRefused() throws {
        let s = try Scratch("out-batch")
        defer { s.remove() }
        var inputs: [String] = []
        for k in 0..<20 { inputs.append(try s.copy(Self.photo, to: "photos/in\(k).jpg")) }
        let last = try #require(inputs.last)
        let before = Scratch.bytes(last)
        try s.link("alias.jpg", to: last)
        try FileManager.default.linkItem(atPath: last, toPath: s.path("hard.jpg"))
        for output in [s.path("alias.jpg"), s.path("hard.jpg"), last] {
            let r = try Tools.depthcheck(["check", "--output", output] + inputs)
            #expect(r.status == 2, "\(output)")
            let named = output == last ? "" : " (\(last))"
            #expect(r.stderr == "depthcheck: refusing to write to \(output): it is one of the inputs\(named)\n", "\(r.stderr)")
            #expect(Scratch.bytes(last) == before)
        }
        let missing = s.path("photos/missing.json")
        let r = try Tools.depthcheck(["check", "--output", s.path("photos/../photos/missing.json")] + inputs + [missing])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: refusing to write to \(s.path("photos/../photos/missing.json")): it is one of the inputs (\(missing))\n", "\(r.stderr)")
        // Not an input: written.
        let ok = try Tools.depthcheck(["check", "--format", "json", "--output", s.path("report.json")] + inputs)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(FileManager.default.fileExists(atPath: s.path("report.json")))
    }

    /// A name that does not exist yet, given as an input and as the output (spelled two ways),
    /// is refused too, and nothing is created; a different missing input is not mistaken for it.
    @Test func aMissingInputNamedAsTheOutputIsRefused() throws {
        let s = try Scratch("out-missing")
        defer { s.remove() }
        try FileManager.default.createDirectory(atPath: s.path("d"), withIntermediateDirectories: true)
        let missing = s.path("d/missing.json")
        let r = try Tools.depthcheck(["check", "--output", s.path("d/../d/missing.json"), s.path("d/other.jpg"), missing])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: refusing to write to \(s.path("d/../d/missing.json")): it is one of the inputs (\(missing))\n", "\(r.stderr)")
        #expect(s.names() == ["d"])
        let other = try Tools.depthcheck(["check", "--format", "json", "--output", s.path("d/report.json"), missing])
        #expect(other.status == 3, "\(other.stderr)")
        #expect(FileManager.default.fileExists(atPath: s.path("d/report.json")))
    }

    /// An existing file is kept without --force (--no-clobber, accepted for scripts, asks for
    /// the same); a new name is written either way.
    @Test func anExistingFileIsKeptWithoutForceAndANewOneWritten() throws {
        let s = try Scratch("noclobber")
        defer { s.remove() }
        let input = try s.copy(Self.photo, to: "in.jpg")
        let old = try s.write("old report\n", to: "report.json")
        for extra in [[], ["--no-clobber"]] {
            let r = try Tools.depthcheck(["check", "--format", "json"] + extra + ["--output", old, input])
            #expect(r.status == 2)
            #expect(r.stderr == "depthcheck: \(old) exists; not replaced without --force\n", "\(extra)")
            #expect(Scratch.bytes(old) == Array("old report\n".utf8))
        }

        let fresh = s.path("new.json")
        let w = try Tools.depthcheck(["check", "--format", "json", "--no-clobber", "--output", fresh, input])
        #expect(w.status == 0, "\(w.stderr)")
        #expect(w.stderr.hasPrefix("wrote ") && w.stderr.hasSuffix(": 1 file, 1 pass\n"), "\(w.stderr)")
        let written = try #require(Scratch.bytes(fresh))
        #expect(String(decoding: written, as: UTF8.self).hasPrefix("{"))
        #expect(s.names() == ["in.jpg", "new.json", "report.json"])
    }

    @Test func anExistingReportIsReplacedWhole() throws {
        let s = try Scratch("replace")
        defer { s.remove() }
        let input = try s.copy(Self.photo, to: "in.jpg")
        let before = Scratch.bytes(input)
        let out = try s.write(String(repeating: "x", count: 100_000), to: "report.json")
        let r = try Tools.depthcheck(["check", "--format", "json", "--force", "--output", out, input])
        #expect(r.status == 0, "\(r.stderr)")
        let direct = try Tools.depthcheck(["check", "--format", "json", input])
        #expect(Scratch.bytes(out) == direct.stdout)
        #expect(Scratch.bytes(input) == before)
        #expect(s.names() == ["in.jpg", "report.json"], "no temporary file is left")
    }

    @Test func anOutputInAMissingFolderIsAUsageError() throws {
        let s = try Scratch("missing-dir")
        defer { s.remove() }
        let input = try s.copy(Self.photo, to: "in.jpg")
        let before = Scratch.bytes(input)
        let r = try Tools.depthcheck(["check", "--output", "/nonexistent/dir/x.json", input])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: cannot write /nonexistent/dir/x.json: No such file or directory\n")
        #expect(r.stdout.isEmpty)
        #expect(Scratch.bytes(input) == before)
    }

    /// Failures root gets too (permissions would not stop it): the output is a directory, or
    /// its parent is a regular file. Nothing is created and the input is unchanged.
    @Test func anOutputThatCannotBeAFileLeavesNothingBehind() throws {
        let s = try Scratch("not-a-file")
        defer { s.remove() }
        let input = try s.copy(Self.photo, to: "in.jpg")
        let before = Scratch.bytes(input)
        try FileManager.default.createDirectory(atPath: s.path("folder"), withIntermediateDirectories: false)
        let dir = try Tools.depthcheck(["check", "--output", s.path("folder"), input])
        #expect(dir.status == 2)
        #expect(dir.stderr == "depthcheck: cannot write \(s.path("folder")): Is a directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path("folder")).isEmpty)

        let under = s.path("in.jpg/report.json")
        let file = try Tools.depthcheck(["check", "--output", under, input])
        #expect(file.status == 2)
        #expect(file.stderr == "depthcheck: cannot write \(under): Not a directory\n")
        #expect(s.names() == ["folder", "in.jpg"])
        #expect(Scratch.bytes(input) == before)
    }

    @Test func aFullDiskExitsFourAndLeavesNoPartialFile() throws {
        let s = try Scratch("full")
        defer { s.remove() }
        let input = try s.copy(Self.photo, to: "in.jpg")
        let before = Scratch.bytes(input)
        // Standard output on a full disk.
        let r = try Tools.depthcheck(["check", input], stdoutRedirect: ">/dev/full")
        #expect(r.status == 4)
        #expect(r.stderr == "depthcheck: cannot write to standard output: No space left on device\n")
        // --output naming the full device: written in place (a device is never replaced).
        let o = try Tools.depthcheck(["check", "--format", "sarif", "--output", "/dev/full", input])
        #expect(o.status == 4)
        #expect(o.stderr == "depthcheck: cannot write /dev/full: No space left on device\n")
        #expect(s.names() == ["in.jpg"])
        #expect(Scratch.bytes(input) == before)
    }

    @Test func aClosedStandardOutputExitsFour() throws {
        for args in [["check", Self.photo], ["rules"], ["explain", "matte.requires-depth"], ["info", Self.photo]] {
            let r = try Tools.depthcheck(args, stdoutRedirect: ">&-")
            #expect(r.status == 4, "\(args)")
            #expect(r.stderr == "depthcheck: cannot write to standard output: Bad file descriptor\n", "\(args)")
        }
    }

    /// A reader that has gone away ends depthcheck the way it ends `cat`: killed by SIGPIPE,
    /// with nothing on stderr, even when the parent left SIGPIPE ignored.
    @Test func aBrokenPipeEndsQuietlyBySIGPIPE() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Tools.depthcheck)
        p.arguments = ["rules", "--format", "json"]
        let out = Pipe(), err = Pipe()
        try out.fileHandleForReading.close()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        #expect(p.terminationReason == .uncaughtSignal)
        #expect(p.terminationStatus == SIGPIPE)
        #expect(stderr.isEmpty)
    }
}
