import Foundation
import Testing
import TestSupport

/// Invocations that turn depthcheck against its user: standard output that is an input, a damaged Extended XMP that a
/// rewrite would seal, a NUL-separated list read as lines, names that would forge a status
/// line, a multi-map extract that fails half way, refusals with the wrong words, growth for
/// nothing, and JSON Lines records past PIPE_BUF. Each test fails without its fix.
@Suite struct HostileInvocationTests {
    static let jpeg = "Corpus/good/jpeg-disparity.jpg"
    static let heic = "Corpus/good/writer-heif-depth-fdep-o8-matte.heic"
    static let laundered = "Corpus/bad/structure.xmp.extended-invalid/extended-xmp-md5-mismatch.jpg"

    static func sh(_ script: String, in dir: String) throws -> Tools.Result {
        try HostileTests.sh(script, in: dir)
    }

    // MARK: 1. standard output that is one of the inputs

    /// `-o -` with standard output appended to, or opened read-write on, the input: every
    /// writer, and every command that prints a report, refuses before writing a byte.
    @Test(arguments: [
        ("strip", "t.heic", "\"$D\" strip t.heic --aux matte -o - >> t.heic"),
        ("strip", "t.jpg", "\"$D\" strip t.jpg --all -o - 1<>t.jpg"),
        ("embed", "t.jpg", "\"$D\" embed --image t.jpg --disparity m.pgm --znear 0.5 --zfar 4 --replace -o - 1<>t.jpg"),
        ("roundtrip", "t.heic", "\"$D\" roundtrip t.heic -o - 1<>t.heic"),
        ("extract", "t.jpg", "\"$D\" extract t.jpg -o - 1<>t.jpg"),
        ("check", "t.jpg", "\"$D\" t.jpg >> t.jpg"),
        ("check", "t.heic", "\"$D\" check --format json t.heic 1<>t.heic"),
        ("info", "t.jpg", "\"$D\" info t.jpg >> t.jpg"),
    ])
    func standardOutputThatIsAnInputIsRefused(command: String, input: String, line: String) throws {
        let s = try Scratch("stdout-input-\(command)")
        defer { s.remove() }
        let heic = try s.copy(Self.heic, to: "t.heic")
        let jpeg = try s.copy(Self.jpeg, to: "t.jpg")
        _ = try s.write("P5 16 12 255\n" + String(repeating: "A", count: 16 * 12), to: "m.pgm")
        let before = [heic: Scratch.bytes(heic), jpeg: Scratch.bytes(jpeg)]
        let r = try Self.sh(line + "\necho \"rc=$?\"", in: s.dir)
        #expect(r.text == "rc=2\n", "\(r.text)")
        #expect(r.stderr == "depthcheck: refusing to write to standard output: it is one of the inputs (\(input)); nothing written\n",
                "\(r.stderr)")
        for (path, bytes) in before { #expect(Scratch.bytes(path) == bytes, "\(path) changed") }
    }

    /// Standard output that is another file, or a pipe, is written as before.
    @Test func standardOutputThatIsAnotherFileIsWritten() throws {
        let s = try Scratch("stdout-other")
        defer { s.remove() }
        _ = try s.copy(Self.heic, to: "t.heic")
        let r = try Self.sh("\"$D\" strip t.heic --aux matte -o - > out.heic; echo \"rc=$?\"; \"$D\" check out.heic >/dev/null; echo \"rc=$?\"",
                            in: s.dir)
        #expect(r.text == "rc=0\nrc=0\n", "\(r.text)\(r.stderr)")
        #expect(r.stderr == "standard output: removed portraitEffectsMatte [4], semanticMatte [6]\n"
                + "depthcheck: note: values not checked: 1 aux image not decoded; --pixels decodes them and runs the pixel rules\n", "\(r.stderr)")
    }

    // MARK: 2. a damaged Extended XMP is not sealed under a new GUID

    @Test func everyWriterRefusesADamagedExtendedXMP() throws {
        let s = try Scratch("laundered")
        defer { s.remove() }
        let file = try s.copy(Self.laundered, to: "g.jpg")
        _ = try s.write("P5 64 48 255\n" + String(repeating: "A", count: 64 * 48), to: "m.pgm")
        let reason = "g.jpg: MD5 of the 544-byte packet is 6033256A49E8C36096833C6A69A7C620, GUID is 1BE2015F11F81461D0844647844953D0;"
            + " a rewrite would seal the damaged Extended XMP under a new GUID; nothing written"
        for line in ["\"$D\" strip g.jpg --all -o out.jpg",
                     "\"$D\" embed --image g.jpg --depth m.pgm --znear 0.5 --zfar 4 --replace -o out.jpg",
                     "\"$D\" roundtrip g.jpg -o out.jpg"] {
            let r = try Self.sh(line + "\necho \"rc=$?\"", in: s.dir)
            #expect(r.text == "rc=3\n", "\(line): \(r.text)")
            #expect(r.stderr.hasPrefix("depthcheck: " + reason), "\(line): \(r.stderr)")
            #expect(s.names() == ["g.jpg", "m.pgm"], "\(line): \(s.names())")
        }
        #expect(Scratch.bytes(file) == Scratch.bytes(TestData.packageRoot + "/" + Self.laundered))
    }

    // MARK: 3. a NUL-separated list read as lines

    @Test func aListHoldingNULWithoutDashZeroIsRefused() throws {
        let s = try Scratch("nul-list")
        defer { s.remove() }
        _ = try s.copy(Self.jpeg, to: "x.jpg")
        _ = try s.write("not a photo", to: "broken.jpg")
        let r = try Self.sh("printf 'x.jpg\\0broken.jpg\\0' | \"$D\" check --files-from -; echo \"rc=$?\"", in: s.dir)
        #expect(r.text == "rc=3\n", "\(r.text)")
        #expect(r.stderr == "depthcheck: --files-from standard input: line 1 holds a NUL byte, which no path can; "
                + "for a NUL-separated list (find -print0) give -0; nothing checked\n", "\(r.stderr)")
        let zero = try Self.sh("printf 'x.jpg\\0broken.jpg\\0' | \"$D\" check --files-from - -0 --format jsonl; echo \"rc=$?\"", in: s.dir)
        let lines = zero.text.split(separator: "\n")
        #expect(lines.count == 3 && lines[0].contains("\"path\":\"x.jpg\"") && lines[1].contains("\"path\":\"broken.jpg\""))
        #expect(lines.last == "rc=3", "\(zero.text)")
    }

    // MARK: 5. names cannot forge a line

    /// OUT and the input in every status line are escaped as `check` escapes names: control
    /// characters, line breaks and the bidirectional overrides.
    @Test func statusLinesEscapeNames() throws {
        let s = try Scratch("status-names")
        defer { s.remove() }
        let input = "in\nFAKE.jpg"
        let out = "o\u{1B}]0;title\u{07}\u{202E}gpj.jpg"
        _ = try s.copy(Self.jpeg, to: input)
        let strip = try Tools.run(Tools.depthcheck, ["strip", s.path(input), "--all", "-o", s.path(out)])
        #expect(strip.status == 0)
        #expect(strip.text == s.dir + "/o\\x1b]0;title\\x07\\u202egpj.jpg: removed disparity [2]\n", "\(strip.text)")
        let rt = try Tools.run(Tools.depthcheck, ["roundtrip", s.path(input), "-o", s.path("r\n.jpg")])
        #expect(rt.text.hasPrefix(s.dir + "/in\\nFAKE.jpg: read, rewritten in memory"), "\(rt.text)")
        #expect(rt.text.hasSuffix("  written to \(s.dir)/r\\n.jpg\n"), "\(rt.text)")
        let report = try Tools.run(Tools.depthcheck, ["report", s.path(input), "-o", s.path("page\n.html")])
        #expect(report.stderr == "wrote \(s.dir)/page\\n.html: 1 file, 1 pass\n", "\(report.stderr)")
        let check = try Tools.run(Tools.depthcheck, ["check", s.path(out)])
        #expect(check.text.hasPrefix("PASS \(s.dir)/o\\x1b]0;title\\x07\\u202egpj.jpg "), "\(check.text)")
    }

    // MARK: 6. extract --all writes all or nothing

    @Test func extractAllDecodesEveryMapBeforeWritingAny() throws {
        let s = try Scratch("extract-all-half")
        defer { s.remove() }
        #expect(FileBytes.write(HostileFixtures.disparityThenUndecodableMatte(), to: s.path("two.jpg")))
        let made = try Tools.depthcheck(["extract", s.path("two.jpg"), "--all", "-o", s.path("new")])
        #expect(made.status == 1)
        #expect(made.stderr.hasPrefix("depthcheck: \(s.dir)/two.jpg: "), "\(made.stderr)")
        #expect(made.stderr.hasSuffix("; nothing written\n"), "\(made.stderr)")
        #expect(s.names() == ["two.jpg"])
        try FileManager.default.createDirectory(atPath: s.path("old"), withIntermediateDirectories: false)
        let existing = try Tools.depthcheck(["extract", s.path("two.jpg"), "--all", "-o", s.path("old")])
        #expect(existing.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path("old")) == [])
    }

    // MARK: 7. exit codes and refusals

    @Test func aStatusLineThatCannotBePrintedLeavesTheWriteStanding() throws {
        let s = try Scratch("status-full")
        defer { s.remove() }
        _ = try s.copy(Self.heic, to: "t.heic")
        let r = try Self.sh("\"$D\" strip t.heic --aux matte -o out.heic > /dev/full; echo \"rc=$?\" >&2", in: s.dir)
        #expect(r.stderr == "depthcheck: out.heic was written, but cannot write to standard output: No space left on device\nrc=0\n",
                "\(r.stderr)")
        #expect(s.names() == ["out.heic", "t.heic"])
    }

    @Test(arguments: [
        (["strip", "IN.heic", "--all", "-o", "adir"], 2, "depthcheck: cannot write adir: Is a directory\n"),
        (["strip", "IN.heic", "--all", "-o", "adir", "--force"], 2, "depthcheck: cannot write adir: Is a directory\n"),
        (["check", "IN.heic", "-o", "adir"], 2, "depthcheck: cannot write adir: Is a directory\n"),
        (["strip", "IN.heic", "--all", "-o", "x.txt"], 2,
         "depthcheck: x.txt names a text file, but the photo is a HEIF; give -o ending in .heic or .heif\n"),
        (["strip", "IN.jpg", "--all", "-o", "x.png"], 2,
         "depthcheck: x.png names a PNG file, but the photo is a JPEG; give -o ending in .jpg or .jpeg\n"),
        (["embed", "--image", "IN.jpg", "--disparity", "m.pgm", "--znear", "0.5", "--zfar", "4", "--replace", "-o", "z.png"], 2,
         "depthcheck: z.png names a PNG file, but the photo is a JPEG; give -o ending in .jpg or .jpeg\n"),
        (["roundtrip", "IN.jpg", "-o", "r.json"], 2,
         "depthcheck: r.json names a JSON file, but the photo is a JPEG; give -o ending in .jpg or .jpeg\n"),
    ])
    func refusalsSayWhatIsWrong(arguments: [String], status: Int32, stderr: String) throws {
        let s = try Scratch("refusals")
        defer { s.remove() }
        _ = try s.copy(Self.heic, to: "IN.heic")
        _ = try s.copy(Self.jpeg, to: "IN.jpg")
        _ = try s.write("P5 16 12 255\n" + String(repeating: "A", count: 16 * 12), to: "m.pgm")
        try FileManager.default.createDirectory(atPath: s.path("adir"), withIntermediateDirectories: false)
        let r = try Tools.run(Tools.depthcheck, arguments, directory: s.dir)
        #expect(r.status == status)
        #expect(r.stderr == stderr, "\(r.stderr)")
        #expect(s.names() == ["IN.heic", "IN.jpg", "adir", "m.pgm"])
    }

    /// Devices hold nothing --no-clobber protects: `/dev/null` and `/dev/stdout` are written.
    @Test func devicesAreWrittenWithNoClobber() throws {
        let s = try Scratch("devices")
        defer { s.remove() }
        _ = try s.copy(Self.jpeg, to: "t.jpg")
        let r = try Self.sh("""
            "$D" check t.jpg --output /dev/null --no-clobber; echo "rc=$?"
            "$D" check t.jpg --format json --output /dev/stdout --no-clobber | head -c 1; echo " rc=$?"
            """, in: s.dir)
        #expect(r.text == "rc=0\n{ rc=0\n", "\(r.text)\(r.stderr)")
    }

    /// A report replaced under a name with hard links: the other names keep the old contents,
    /// and depthcheck says so.
    @Test func replacingAHardLinkedReportSaysSo() throws {
        let s = try Scratch("hard-linked-report")
        defer { s.remove() }
        _ = try s.copy(Self.jpeg, to: "t.jpg")
        _ = try s.write("old", to: "r.json")
        try FileManager.default.linkItem(atPath: s.path("r.json"), toPath: s.path("r2.json"))
        let r = try Tools.run(Tools.depthcheck, ["check", "t.jpg", "--format", "json", "--force", "-o", "r.json"], directory: s.dir)
        #expect(r.status == 0)
        #expect(r.stderr == "depthcheck: note: r.json was replaced by a new file; its 1 other name (a hard link) still holds the old contents\n"
                + "wrote r.json: 1 file, 1 pass\n",
                "\(r.stderr)")
        #expect(Scratch.bytes(s.path("r2.json")) == Array("old".utf8))
    }

    // MARK: 8. growth for nothing

    /// Replacing the depth of a HEIC again and again leaves the file the same size: the mdat
    /// the old depth emptied goes with it.
    @Test func replacingDepthRepeatedlyDoesNotGrowTheFile() throws {
        let s = try Scratch("no-growth")
        defer { s.remove() }
        _ = try s.copy(Self.heic, to: "h0.heic")
        _ = try s.write("P5 32 24 255\n" + String((0..<(32 * 24)).map { Character(Unicode.Scalar(UInt8(65 + $0 % 26))) }), to: "d.pgm")
        var sizes: [Int] = []
        for i in 1...4 {
            let r = try Tools.run(Tools.depthcheck, ["embed", "--image", "h\(i - 1).heic", "--depth", "d.pgm", "--znear", "0.5",
                                                     "--zfar", "3", "--replace", "-o", "h\(i).heic"], directory: s.dir)
            #expect(r.status == 0, "\(r.stderr)")
            sizes.append(Scratch.bytes(s.path("h\(i).heic"))?.count ?? 0)
        }
        #expect(sizes.count == 4 && Set(sizes.dropFirst()).count == 1 && sizes[0] == sizes[3], "\(sizes)")
        let boxes = try Self.topLevelBoxes(try #require(Scratch.bytes(s.path("h4.heic"))))
        #expect(!boxes.contains { $0.type == "mdat" && $0.size == 8 }, "\(boxes)")
    }

    /// Every StandardXMP packet depthcheck writes has the packet wrapper (XMP Part 1 §7.3), so
    /// `exiftool -validate` has nothing to say about it.
    @Test(.requires(.tool("exiftool"))) func writtenXMPHasThePacketWrapper() throws {
        let s = try Scratch("xpacket")
        defer { s.remove() }
        _ = try s.copy(Self.jpeg, to: "t.jpg")
        _ = try s.write("P5 16 12 255\n" + String(repeating: "A", count: 16 * 12), to: "m.pgm")
        for layout in ["apple", "dynamic-depth"] {
            let r = try Tools.run(Tools.depthcheck, ["embed", "--image", "t.jpg", "--depth", "m.pgm", "--znear", "0.5", "--zfar", "4",
                                                     "--replace", "--layout", layout, "-o", "\(layout).jpg"], directory: s.dir)
            #expect(r.status == 0, "\(r.stderr)")
            let bytes = try #require(Scratch.bytes(s.path("\(layout).jpg")))
            let text = String(decoding: bytes, as: Unicode.ASCII.self)
            #expect(text.components(separatedBy: "<?xpacket begin=").count - 1 >= 1)
            #expect(text.components(separatedBy: "<?xpacket begin=").count == text.components(separatedBy: "<?xpacket end=\"w\"?>").count)
            let v = try Tools.run(try #require(Tools.which("exiftool")), ["-validate", "-warning", "-a", "-ee", s.path("\(layout).jpg")])
            #expect(!v.text.contains("XMP"), "\(layout): \(v.text)")
        }
    }

    static func topLevelBoxes(_ b: [UInt8]) throws -> [(type: String, size: Int)] {
        var out: [(String, Int)] = []
        var i = 0
        while i + 8 <= b.count {
            let size = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            out.append((String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self), size))
            guard size >= 8 else { break }
            i += size
        }
        return out
    }

    // MARK: 9. JSON Lines records within PIPE_BUF

    /// With `--pixels` (histograms), and on files cut at every tenth of their length, every
    /// record is at most 4,096 bytes with its line feed; the ones that were shortened say what
    /// they lost, and every one is JSON.
    @Test func everyRecordFitsPIPEBUF() throws {
        let s = try Scratch("pipe-buf")
        defer { s.remove() }
        var cut: [String] = []
        for name in ["writer-heif-disparity-hdis-o6-semantic.heic", "writer-jpeg-disparity-fdis-o6-semantic.jpg",
                     "writer-heif-depth-fdep-o8-matte.heic"] {
            let bytes = try #require(Scratch.bytes(TestData.packageRoot + "/Corpus/good/" + name))
            for k in 1...9 {
                let path = s.path("\(name).\(k)")
                #expect(FileBytes.write(Array(bytes.prefix(bytes.count * k / 10)), to: path))
                cut.append(path)
            }
        }
        let trees = [TestData.packageRoot + "/Corpus"] + (FileBytes.exists(TestData.realCorpus) ? [TestData.realCorpus] : [])
        let r = try Tools.depthcheck(["check", "-r", "--pixels", "--format", "jsonl", "--fail-on", "never"] + trees + cut)
        #expect(r.status == 0)
        var shortened: [String: Int] = [:]
        var lines = 0
        var start = 0
        for (i, b) in r.stdout.enumerated() where b == UInt8(ascii: "\n") {
            let line = Array(r.stdout[start...i])
            start = i + 1
            lines += 1
            #expect(line.count <= 4_096, "\(String(decoding: line.prefix(160), as: UTF8.self))")
            let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            for name in (object?["shortened"] as? [String]) ?? [] { shortened[name, default: 0] += 1 }
        }
        #expect(lines > 100)
        // The in-repository corpus alone has records that lose their histograms.
        #expect((shortened["histograms"] ?? 0) > 0, "\(shortened)")
        #expect((shortened["messages"] ?? 0) == (shortened["histograms"] ?? 0) || (shortened["messages"] ?? 0) > 0)
    }
}
