import Foundation
import Testing
import TestSupport

/// The command line as a new user meets it: progress that never glues itself to results,
/// verdict lines that say what a file holds, messages without internal codes, commands that
/// agree, `extract` writing what its name says, `embed` reading what numpy writes.
@Suite struct CommandMessagesTests {
    static let good = "Corpus/good/jpeg-disparity.jpg"

    // MARK: - Progress

    /// Runs depthcheck with stdout and stderr on one pseudo-terminal, as in an interactive
    /// shell, and returns everything the terminal received (CR LF as LF).
    static func onTerminal(_ arguments: [String]) throws -> (status: Int32, screen: String) {
        let script = """
            import os, pty, subprocess, sys
            m, s = pty.openpty()
            env = dict(os.environ, NO_COLOR="1")
            p = subprocess.Popen(sys.argv[1:], stdin=s, stdout=s, stderr=s, close_fds=True, env=env)
            os.close(s)
            out = b""
            while True:
                try:
                    d = os.read(m, 65536)
                except OSError:
                    break
                if not d:
                    break
                out += d
            sys.stdout.buffer.write(out)
            sys.exit(p.wait())
            """
        let r = try Tools.run("/usr/bin/python3", ["-c", script, Tools.depthcheck] + arguments, directory: TestData.packageRoot)
        return (r.status, r.text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    @Test func progressIsClearedBeforeEveryResultLine() throws {
        let files = ["Corpus/good/jpeg-disparity.jpg", "Corpus/good/heif-disparity.heic", "Corpus/good/writer-jpeg-disparity-hdis-o1.jpg"]
        let (status, screen) = try Self.onTerminal(["check"] + files)
        #expect(status == 0)
        let clear = "\r\u{1B}[2K"
        // Every result line starts a fresh line: at the start, after a newline or after the
        // progress line was erased.
        for file in files {
            let range = try #require(screen.range(of: "PASS \(file)"))
            let before = screen[..<range.lowerBound]
            #expect(before.isEmpty || before.hasSuffix("\n") || before.hasSuffix(clear), "\(screen.debugDescription)")
        }
        // Progress was shown, and the screen ends clean: the summary, then nothing but an erase.
        #expect(screen.contains("[1/3] "))
        #expect(screen.hasSuffix("3 files: 3 passed, 0 failed, 0 unreadable; 0 errors, 0 warnings, 0 notes\n"), "\(screen.debugDescription)")
    }

    /// Encoding a new HEIC primary takes seconds for a camera-sized picture: on a terminal
    /// the encoder says so, and the line is erased before the result is printed.
    @Test func encodingANewHEICSaysSoOnATerminal() throws {
        let s = try Scratch("embed-progress")
        defer { s.remove() }
        let image = s.path("in.png"), map = s.path("d.pgm"), out = s.path("out.heic")
        #expect(FileBytes.write(EmbedNewPrimaryTests.png, to: image) && FileBytes.write(EmbedNewPrimaryTests.pgm, to: map))
        let (status, screen) = try Self.onTerminal(["embed", "--image", image, "--depth", map, "--znear", "1", "--zfar", "3",
                                                    "--quality", "80", "-o", out])
        #expect(status == 0, "\(screen)")
        let w = EmbedNewPrimaryTests.w, h = EmbedNewPrimaryTests.h
        #expect(screen.hasPrefix("encoding \(w)×\(h) as HEIC (quality 80)…\r\u{1B}[2K"), "\(screen.debugDescription)")
        // Off a terminal, nothing but the result.
        let plain = try Tools.depthcheck(["embed", "--image", image, "--depth", map, "--znear", "1", "--zfar", "3", "--force", "-o", out])
        #expect(plain.status == 0 && !plain.stderr.contains("encoding"))
    }

    // MARK: - Verdict lines

    @Test func verdictLinesSayWhatTheFileHoldsAndCountWarningsAsWarnings() throws {
        let s = try Scratch("verdict-lines")
        defer { s.remove() }
        let plain = s.path("plain.jpg")
        #expect(FileBytes.write(JPEGFixture.image([JPEGFixture.exif(orientation: 1)], body: JPEGFixture.color64x48Body), to: plain))
        let zeros = s.path("zeros.jpg")
        #expect(FileBytes.write((Scratch.bytes(TestData.packageRoot + "/" + Self.good) ?? []) + [0, 0, 0, 0], to: zeros))
        let r = try Tools.depthcheck(["check", Self.good, plain, zeros])
        #expect(r.status == 0)
        let lines = r.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "PASS \(Self.good) (jpeg; disparity 16×12; 27 rules: 27 passed)")
        #expect(lines.contains("PASS \(plain) (jpeg; no depth or aux images; 7 rules: 7 passed)"), "\(r.text)")
        #expect(lines.contains("PASS \(zeros) (jpeg; disparity 16×12; 27 rules: 26 passed, 1 note)"), "\(r.text)")
        #expect(lines.last == "3 files: 3 passed, 0 failed, 0 unreadable; 0 errors, 0 warnings, 1 note")
        #expect(!r.text.contains("failed)"))
        let one = try Tools.depthcheck(["check", Self.good])
        #expect(one.text.hasSuffix("\n1 file: 1 passed, 0 failed, 0 unreadable; 0 errors, 0 warnings, 0 notes\n"))
    }

    // MARK: - Messages

    @Test func mistypedCommandsAndRuleIdsGetSuggestions() throws {
        let commands = "commands: check, info, compare, list, extract, report, embed, strip, roundtrip, rules, explain; `depthcheck FILE...` checks files\n"
        for args in [["chek", "x.jpg"], ["help", "chek"]] {
            let r = try Tools.depthcheck(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr == "depthcheck: unknown command 'chek'; did you mean 'check'?\n" + commands, "\(args)")
        }
        let near = try Tools.depthcheck(["explain", "matte.requires-dept"])
        #expect(near.status == 2)
        #expect(near.stderr == "depthcheck: no rule named 'matte.requires-dept'; did you mean 'matte.requires-depth'? (`depthcheck rules` lists them)\n")
        // An area explains each of its rules.
        let area = try Tools.depthcheck(["explain", "matte"])
        #expect(area.status == 0 && area.stderr.isEmpty)
        #expect(area.text.components(separatedBy: "\n\n").map { $0.prefix { $0 != " " } }
                == ["matte.requires-depth", "matte.pixel-format", "matte.aspect-mismatch"], "\(area.text)")
        // A bare `depthcheck` is the overview with the commands, as --help, not an error.
        let bare = try Tools.depthcheck([])
        #expect(bare.status == 0 && bare.stderr.isEmpty)
        #expect(bare.text.hasPrefix("OVERVIEW: Validate depth") && bare.text.contains("SUBCOMMANDS:") && bare.text.contains("  2  usage error\n"))
        let rules = try Tools.depthcheck(["rules", "--format", "sarif"])
        #expect(rules.status == 2)
        #expect(rules.stderr.hasPrefix("depthcheck: The value 'sarif' is invalid for '--format <format>'. Please provide one of 'text' and 'json'."))
        #expect(try Tools.depthcheck(["rules", "--format", "json"]).status == 0)
    }

    @Test func unreadableInputsAreNamedOnStderrWhenTheReportGoesToAFile() throws {
        let s = try Scratch("unreadable-named")
        defer { s.remove() }
        let junk = try s.write("not a photo", to: "junk.jpg")
        let r = try Tools.depthcheck(["check", Self.good, junk, "--format", "json", "-o", s.path("r.json")])
        #expect(r.status == 3)
        #expect(r.stderr == "depthcheck: cannot read \(junk): neither a JPEG (FF D8) nor an ISOBMFF/HEIF file (ftyp at offset 4)\n"
                + "wrote \(s.path("r.json")): 2 files, 1 pass, 1 unreadable\n")
        #expect(r.stdout.isEmpty)
        // The name says the format: JSON written as .html, a page as .pdf, are refused.
        let html = try Tools.depthcheck(["check", Self.good, "--format", "json", "-o", s.path("r.html")])
        #expect(html.status == 2 && html.stderr == "depthcheck: \(s.path("r.html")) is named as HTML, but the report is json; give -o ending in .json or .jsonl\n")
        let pdf = try Tools.depthcheck(["report", Self.good, "-o", s.path("r.pdf")])
        #expect(pdf.status == 2 && pdf.stderr == "depthcheck: \(s.path("r.pdf")) is named as PDF, but the report is html; give -o ending in .html or .htm\n")
        #expect(!FileBytes.exists(s.path("r.html")) && !FileBytes.exists(s.path("r.pdf")))
        // A device takes any format, and extract says what it wrote.
        let null = try Tools.depthcheck(["extract", Self.good, "-o", "/dev/null"])
        #expect(null.status == 0 && null.stderr == "wrote /dev/null: disparity 16×12 (index 2)\n", "\(null.stderr)")
    }

    @Test func theHintForAnExistingOutputNamesThisCommandsOption() throws {
        let s = try Scratch("force-hint")
        defer { s.remove() }
        let out = try s.write("old", to: "out.jpg")
        let strip = try Tools.depthcheck(["strip", Self.good, "--all", "-o", out])
        #expect(strip.status == 2 && strip.stderr == "depthcheck: \(out) exists; not replaced without --force\n")
        let pfm = try s.write("old", to: "d.pfm")
        let extract = try Tools.depthcheck(["extract", Self.good, "-o", pfm])
        #expect(extract.status == 2 && extract.stderr == "depthcheck: \(pfm) exists; not replaced without --force\n")
        // One rule for every command that writes: check and report too.
        let report = try s.write("old", to: "r.json")
        let check = try Tools.depthcheck(["check", Self.good, "--format", "json", "-o", report])
        #expect(check.status == 2 && check.stderr == "depthcheck: \(report) exists; not replaced without --force\n")
        let page = try s.write("old", to: "r.html")
        let html = try Tools.depthcheck(["report", Self.good, "-o", page])
        #expect(html.status == 2 && html.stderr == "depthcheck: \(page) exists; not replaced without --force\n")
        #expect(Scratch.bytes(report) == Array("old".utf8) && Scratch.bytes(page) == Array("old".utf8))
        // With --force each is replaced, and says so.
        let forced = try Tools.depthcheck(["check", Self.good, "--format", "json", "--force", "-o", report])
        #expect(forced.status == 0 && forced.stderr == "wrote \(report): 1 file, 1 pass\n", "\(forced.stderr)")
        let forcedPage = try Tools.depthcheck(["report", Self.good, "--force", "-o", page])
        #expect(forcedPage.status == 0 && forcedPage.stderr.hasSuffix("wrote \(page): 1 file, 1 pass\n"), "\(forcedPage.stderr)")
    }

    /// A 64×48 photo with Exif Orientation 6 is shown 48×64; a 3×4 map of the shown photo is
    /// refused, with the tolerance, and told about --orient, which then embeds it.
    @Test func theAspectRefusalShowsTheToleranceAndSuggestsOrient() throws {
        let s = try Scratch("aspect-orient")
        defer { s.remove() }
        let photo = s.path("p.jpg"), map = s.path("m.pgm"), out = s.path("o.jpg")
        #expect(FileBytes.write(JPEGFixture.image([JPEGFixture.exif(orientation: 6)], body: JPEGFixture.color64x48Body), to: photo))
        #expect(FileBytes.write(Array("P5 3 4 255\n".utf8) + (0..<12).map { UInt8($0 * 20) }, to: map))
        let r = try Tools.depthcheck(["embed", "--image", photo, "--depth", map, "--znear", "1", "--zfar", "3", "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: refused (geometry.aux.aspect-mismatch): \(map) is 3×4, the photo 64×48: the aspect ratios differ by more than one pixel (a 3-wide map of this photo is 2.3 high); the map fits the photo as displayed (48×64): add --orient to store it in the photo's frame\n")
        #expect(!FileBytes.exists(out))
        let oriented = try Tools.depthcheck(["embed", "--image", photo, "--depth", map, "--znear", "1", "--zfar", "3", "--orient", "-o", out])
        #expect(oriented.status == 0, "\(oriented.stderr)")
    }

    /// A map of more pixels than --max-pixels allows is refused by the library as too large;
    /// the command line names the option that raises the limit, the library does not.
    @Test func aMapPastThePixelLimitNamesTheOption() throws {
        let s = try Scratch("map-limit")
        defer { s.remove() }
        let photo = s.path("p.jpg"), map = s.path("m.pgm"), out = s.path("o.jpg")
        #expect(FileBytes.write(JPEGFixture.image([], body: JPEGFixture.color64x48Body), to: photo))
        #expect(FileBytes.write(Array("P5 8 6 255\n".utf8) + (0..<48).map { UInt8($0) }, to: map))
        let r = try Tools.depthcheck(["embed", "--image", photo, "--depth", map, "--znear", "1", "--zfar", "3", "--max-pixels", "40", "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("depthcheck: refused: \(map): "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("; a map may have no more pixels than its photo (64x48) or --max-pixels\n"), "\(r.stderr)")
        #expect(!FileBytes.exists(out))
    }

    /// Depth values of a matte: the library says it holds none, the command line names --as.
    @Test func depthOfAMatteNamesTheOption() throws {
        let s = try Scratch("matte-depth")
        defer { s.remove() }
        let out = s.path("m.pfm")
        let photo = TestData.packageRoot + "/Corpus/good/writer-jpeg-depth-hdep-o8-matte-semantic.jpg"
        let r = try Tools.depthcheck(["extract", photo, "--aux", "matte", "--as", "depth", "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: aux image 3 (portraitEffectsMatte) holds no depth or disparity values; use --as native or stored\n")
        #expect(!FileBytes.exists(out))
    }

    @Test func numbersInMessagesAreTheirValues() throws {
        let r = try Tools.depthcheck(["embed", "--image", Self.good, "--depth", "x.pgm", "--znear", "2", "--zfar", "1.5", "-o", "/nonexistent/o.jpg"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("depthcheck: --zfar 1.5 must be farther than --znear 2\n"), "\(r.stderr)")
    }

    // MARK: - Commands agree

    @Test func aMissingAuxImageIsExitOneInEveryCommand() throws {
        let s = try Scratch("missing-aux")
        defer { s.remove() }
        let check = try Tools.depthcheck(["check", Self.good, "--require", "matte"])
        let extract = try Tools.depthcheck(["extract", Self.good, "--aux", "matte", "-o", s.path("m.pfm")])
        let strip = try Tools.depthcheck(["strip", Self.good, "--aux", "matte", "-o", s.path("o.jpg")])
        #expect([check.status, extract.status, strip.status] == [1, 1, 1])
        #expect(strip.stderr == "depthcheck: \(Self.good) has no matte aux image; it has 2 (disparity); nothing written\n")
        #expect(s.names().isEmpty)
        // --aux depth takes the disparity in extract and strip alike.
        #expect(try Tools.depthcheck(["extract", Self.good, "--aux", "depth", "-o", s.path("d.pfm")]).status == 0)
        #expect(try Tools.depthcheck(["strip", Self.good, "--aux", "depth", "-o", s.path("o.jpg")]).status == 0)
    }

    @Test func infoTakesSeveralFiles() throws {
        let files = [Self.good, "Corpus/good/heif-disparity.heic"]
        let text = try Tools.depthcheck(["info", "--no-pixels"] + files)
        #expect(text.status == 0)
        for f in files { #expect(text.text.contains(f)) }
        let json = try Tools.depthcheck(["info", "--json", "--no-pixels"] + files)
        #expect(json.status == 0)
        // One shape whatever the count: {tool, files: [...]}, as check writes; --format json too.
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        #expect((doc["files"] as? [[String: Any]])?.map { $0["path"] as? String } == files)
        #expect((doc["tool"] as? [String: Any])?["name"] as? String == "depthcheck")
        let one = try Tools.depthcheck(["info", "--format", "json", "--no-pixels", Self.good])
        #expect(Tools.infoRecord(one.stdout)?["path"] as? String == Self.good)
        // rules takes --json as info does.
        #expect(try Tools.depthcheck(["rules", "--json"]).stdout == (try Tools.depthcheck(["rules", "--format", "json"])).stdout)
        // info walks folders with -r.
        let walked = try Tools.depthcheck(["info", "-r", "--format", "json", "--no-pixels", "Corpus/good"])
        let walkedFiles = (try JSONSerialization.jsonObject(with: Data(walked.stdout)) as? [String: Any])?["files"] as? [[String: Any]]
        #expect((walkedFiles?.count ?? 0) >= 10 && walked.status == 0)
        let missing = try Tools.depthcheck(["info", "--no-pixels", Self.good, "/nonexistent.jpg"])
        #expect(missing.status == 3)
    }

    // MARK: - extract

    @Test func extractFollowsTheExtensionAndRefusesADisagreement() throws {
        let s = try Scratch("extract-ext")
        defer { s.remove() }
        let npy = s.path("d.npy")
        #expect(try Tools.depthcheck(["extract", Self.good, "-o", npy]).status == 0)
        #expect(Scratch.bytes(npy).map { Array($0.prefix(6)) } == [0x93] + Array("NUMPY".utf8))
        let clash = try Tools.depthcheck(["extract", Self.good, "--format", "pfm", "-o", s.path("e.npy")])
        #expect(clash.status == 2)
        #expect(clash.stderr.hasPrefix("depthcheck: --format pfm but \(s.path("e.npy")) is named .npy; make them agree\n"))
        let unknown = try Tools.depthcheck(["extract", Self.good, "-o", s.path("d.exr")])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("depthcheck: \(s.path("d.exr")): unknown extension .exr; name it .pfm, .npy, .png, .tif or .raw, or give --format (--format coded writes the image as stored, a JPEG as a JPEG)\n"))
        #expect(s.names() == ["d.npy"])
    }

    @Test func pngTextSaysWhatTheWrittenValuesAre() throws {
        let s = try Scratch("extract-png-text")
        defer { s.remove() }
        let png = s.path("d.png")
        #expect(try Tools.depthcheck(["extract", Self.good, "--as", "depth", "-o", png]).status == 0)
        let bytes = try #require(Scratch.bytes(png))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("Kind\0depth"))
        #expect(text.contains("Units\0m"))
        #expect(!text.contains("Kind\0disparity"))
    }

    /// Lens Blur writes no GDepth:Units: its distances are taken as metres, and the PNG says
    /// the unit was not declared rather than claiming metres.
    @Test(.requires(.realFile("google-gdepth-lensblur.jpg")))
    func gdepthWithoutUnitsIsLabelledSo() throws {
        let s = try Scratch("gdepth-units")
        defer { s.remove() }
        let png = s.path("d.png")
        let r = try Tools.depthcheck(["extract", TestData.real("google-gdepth-lensblur.jpg"), "--as", "depth", "-o", png])
        #expect(r.status == 0, "\(r.stderr)")
        let text = String(decoding: try #require(Scratch.bytes(png)), as: UTF8.self)
        #expect(text.contains("Kind\0depth"))
        #expect(text.contains("Units\0units not declared"))
        let info = try Tools.depthcheck(["info", TestData.real("google-gdepth-lensblur.jpg")])
        #expect(info.text.contains("        unit: depth\n        units: units not declared\n"), "\(info.text)")
    }

    @Test func extractAllMakesItsFolder() throws {
        let s = try Scratch("extract-all-mkdir")
        defer { s.remove() }
        let r = try Tools.depthcheck(["extract", Self.good, "--all", "-o", s.path("maps/")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path("maps")) == ["jpeg-disparity.2.disparity.pfm"])
        let deeper = try Tools.depthcheck(["extract", Self.good, "--all", "-o", s.path("no/such/dir")])
        #expect(deeper.status == 2)
        // A run that fails after making its folder takes the folder away again.
        let cut = "Corpus/bad/pixels.aux.undecodable/disparity-scan-cut-short.jpg"
        let failed = try Tools.depthcheck(["extract", cut, "--all", "-o", s.path("gone/")])
        #expect(failed.status == 1)
        #expect(!FileBytes.exists(s.path("gone")))
    }

    // MARK: - embed reads what numpy writes

    @Test(.requires(.pillowHEIF)) func embedReadsColumnMajorAndBigEndianNpy() throws {
        let s = try Scratch("embed-npy-orders")
        defer { s.remove() }
        let python = try #require(Tools.pyenvPython)
        let r = try Tools.run(python, ["-c", """
            import numpy as np
            d = (0.5 + np.arange(12 * 16, dtype=np.float32).reshape(12, 16) / 100)
            np.save('\(s.path("c.npy"))', d)
            np.save('\(s.path("f.npy"))', np.asfortranarray(d))
            np.save('\(s.path("b.npy"))', d.astype('>f4'))
            print(np.load('\(s.path("f.npy"))').flags['F_CONTIGUOUS'])
            """])
        #expect(r.text == "True\n")
        let plain = s.path("plain.jpg")
        #expect(try Tools.depthcheck(["strip", Self.good, "--all", "-o", plain]).status == 0)
        var outputs: [[UInt8]] = []
        for name in ["c", "f", "b"] {
            let out = s.path("\(name).jpg")
            let e = try Tools.depthcheck(["embed", "--image", plain, "--depth", s.path("\(name).npy"), "-o", out])
            #expect(e.status == 0, "\(name): \(e.stderr)")
            outputs.append(Scratch.bytes(out) ?? [])
        }
        #expect(outputs[0] == outputs[1] && outputs[0] == outputs[2])
        let q = try Tools.depthcheck(["embed", "--image", plain, "--depth", s.path("c.npy"), "--quality", "0", "-o", s.path("q.jpg")])
        #expect(q.status == 2 && q.stderr.hasPrefix("depthcheck: --quality 0: give 1 to 100\n"))
    }

    // MARK: - No internal code reaches a person

    /// Every dotted reader code the sources declare (`bmff.metaMissing`, `sei.malformed`, …),
    /// read from the sources themselves so a new one is covered. (A writer's reasons are
    /// `WriteError.Reason` cases, worded by their summaries.)
    static func internalCodes() throws -> [String] {
        let root = TestData.packageRoot + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let pattern = try NSRegularExpression(pattern: #"Self\("([a-z]+\.[A-Za-z]+)"\)"#)
        var codes = Set<String>()
        for f in files {
            let text = try String(contentsOfFile: root + "/" + f, encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let r = Range(m.range(at: 1), in: text) { codes.insert(String(text[r])) }
            }
        }
        return codes.sorted()
    }

    @Test func noMessageCarriesAnInternalCode() throws {
        let codes = try Self.internalCodes()
        #expect(codes.count > 40)
        #expect(codes.contains("bmff.metaMissing") && codes.contains("sei.malformed"))
        #expect(!codes.contains { $0.hasPrefix("write.") })
        let s = try Scratch("no-codes")
        defer { s.remove() }
        let junk = try s.write("not a photo", to: "junk.jpg")
        let badRoot = TestData.corpus + "/bad"
        let bad = try FileManager.default.subpathsOfDirectory(atPath: badRoot)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".heic") }.map { badRoot + "/" + $0 }.sorted()
        #expect(bad.count > 60)
        var outputs: [String] = []
        let checked = try Tools.depthcheck(["check", "--pixels", junk] + bad)
        outputs.append(checked.text + checked.stderr)
        let info = try Tools.depthcheck(["info"] + bad.prefix(30) + [junk])
        outputs.append(info.text + info.stderr)
        for (i, f) in bad.enumerated() where i % 4 == 0 {
            let ext = f.hasSuffix(".heic") ? "heic" : "jpg"
            for args in [["strip", f, "--all", "-o", s.path("s\(i).\(ext)")], ["roundtrip", f],
                         ["extract", f, "--aux", "depth", "-o", s.path("e\(i).pfm")]] {
                let r = try Tools.depthcheck(args)
                outputs.append(r.text + r.stderr)
            }
        }
        for args in [["embed", "--image", junk, "--depth", junk, "-o", s.path("o.jpg")],
                     ["embed", "--image", Self.good, "--depth", junk, "--replace", "-o", s.path("o.jpg")],
                     ["roundtrip", junk], ["strip", junk, "--all", "-o", s.path("j.jpg")]] {
            let r = try Tools.depthcheck(args)
            #expect(r.status != 0)
            outputs.append(r.text + r.stderr)
        }
        // A code is a word of its own: `map.malformed` inside the rule id
        // `gainmap.tmap.malformed` is not one.
        for code in codes {
            let word = try NSRegularExpression(pattern: "(?<![A-Za-z.])" + NSRegularExpression.escapedPattern(for: code) + "(?![A-Za-z])")
            for text in outputs where word.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil {
                Issue.record("'\(code)' printed: \(text.components(separatedBy: "\n").first { $0.contains(code) } ?? "")")
            }
        }
    }
}
