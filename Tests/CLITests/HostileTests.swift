import Foundation
import Testing
import TestSupport

/// The world is not kind: outputs that are the process's own streams, signals in the middle
/// of a write, FIFOs among the inputs, slow files under `--timeout`, names that are not UTF-8
/// or that hold control characters, and messages that must say what really happened. Each
/// test runs the built binary, as a user or a CI job would.
@Suite struct HostileTests {
    static let jpeg = "Corpus/good/jpeg-disparity.jpg"
    static let heic = "Corpus/good/heif-disparity.heic"

    /// Runs `script` with /bin/sh in `dir`, `$D` naming the depthcheck binary.
    static func sh(_ script: String, in dir: String, env: [String: String] = [:]) throws -> Tools.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["D"] = Tools.depthcheck
        environment["ROOT"] = TestData.packageRoot
        environment["SWIFT_BACKTRACE"] = "enable=no"
        for (k, v) in env { environment[k] = v }
        return try Tools.run("/bin/sh", ["-c", script], environment: environment, directory: dir)
    }

    // MARK: 2. outputs that are the process's own streams

    @Test func outputNamingAppendedStandardOutputAppendsThroughIt() throws {
        let s = try Scratch("hostile-own-stdout")
        defer { s.remove() }
        let r = try Self.sh("""
            echo keep > log
            before=$(stat -c %i log)
            "$D" check "$ROOT/\(Self.jpeg)" --output /dev/stdout >> log
            echo "rc=$?" >> log
            echo after >> log
            [ "$(stat -c %i log)" = "$before" ] && echo same-inode
            """, in: s.dir)
        #expect(r.text == "same-inode\n", "\(r.text)\(r.stderr)")
        let log = String(decoding: Scratch.bytes(s.path("log")) ?? [], as: UTF8.self)
        #expect(log == "keep\nPASS \(TestData.packageRoot)/\(Self.jpeg) (jpeg; disparity 16×12; 27 rules: 27 passed)\n"
                + "1 file: 1 passed, 0 failed, 0 unreadable; 0 errors, 0 warnings, 0 notes\nrc=0\nafter\n", "\(log)")
        #expect(s.names() == ["log"])
    }

    @Test func outputNamingTheFilesFromListIsRefused() throws {
        let s = try Scratch("hostile-list-output")
        defer { s.remove() }
        let list = try s.write(TestData.packageRoot + "/" + Self.jpeg + "\n", to: "list.txt")
        let r = try Tools.depthcheck(["check", "--files-from", list, "--output", list])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: refusing to write to \(list): it is one of the inputs\n", "\(r.stderr)")
        #expect(String(decoding: Scratch.bytes(list) ?? [], as: UTF8.self) == TestData.packageRoot + "/" + Self.jpeg + "\n")
    }

    // MARK: 4. --timeout keeps --jobs' bound

    /// 120 slow files (each check sleeps 300 ms in steps a cancellation ends) under
    /// `--timeout 0.001 --jobs 2`: every file is reported as timed out, in order, and the
    /// process ends normally (no signal) once every abandoned check has stopped.
    @Test func timedOutChecksStopAndTheProcessEndsCleanly() throws {
        let s = try Scratch("hostile-timeout")
        defer { s.remove() }
        var paths: [String] = []
        for i in 0..<120 { paths.append(try s.copy(Self.heic, to: "f\(i).heic")) }
        let list = try s.write(paths.joined(separator: "\n") + "\n", to: "list.txt")
        let r = try Tools.depthcheck(["check", "--pixels", "--jobs", "2", "--timeout", "0.001", "--files-from", list, "--format", "jsonl"],
                                     environment: ProcessInfo.processInfo.environment.merging(["DEPTHCHECK_TEST_DELAY_MS": "300"]) { $1 })
        #expect(r.status == 3, "\(r.stderr)")
        let lines = r.text.split(separator: "\n")
        #expect(lines.count == 120)
        #expect(lines.allSatisfy { $0.contains("check did not finish within 0.001 s") })
        let reported = lines.compactMap { l in
            (try? JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any])?["path"] as? String
        }
        #expect(reported == paths)
    }

    /// The bound itself, on the real iOS 16 HEIC: 60 copies decoded with `--pixels` under a
    /// deadline none meets stay within the memory of `--jobs 2` checks (peak RSS under 300 MB,
    /// where abandoned decodes running beside new ones once took 1.4 GB).
    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic"), .tool("time")))
    func timedOutDecodesOfRealFilesStayWithinTheJobsMemory() throws {
        let s = try Scratch("hostile-timeout-real")
        defer { s.remove() }
        let source = TestData.real("apple-heic-depth-gainmap-ios16.heic")
        var paths: [String] = []
        for i in 0..<60 {
            let p = s.path("r\(i).heic")
            try FileManager.default.linkItem(atPath: source, toPath: p)
            paths.append(p)
        }
        let list = try s.write(paths.joined(separator: "\n") + "\n", to: "list.txt")
        let r = try Self.sh("/usr/bin/time -f 'RSS %M' \"$D\" check --pixels --jobs 2 --timeout 0.001 --files-from list.txt --format jsonl > out.jsonl",
                            in: s.dir)
        _ = list
        let rss = r.stderr.split(separator: "\n").last { $0.hasPrefix("RSS ") }.flatMap { Int($0.dropFirst(4)) } ?? 0
        #expect(r.stderr.contains("Command exited with non-zero status 3"), "\(r.stderr)")
        #expect(rss > 0 && rss < 300_000, "peak RSS \(rss) KB")
    }

    // MARK: 6. nothing blocks on a special file

    @Test func aFIFOIsRefusedByEveryCommandAndABatchGoesOn() throws {
        let s = try Scratch("hostile-fifo")
        defer { s.remove() }
        #expect(mkfifo(s.path("pipe.jpg"), 0o644) == 0)
        let r = try Self.sh("""
            t() { timeout 20 "$D" "$@" > /dev/null 2> err; echo "$? $(cat err)"; }
            t check pipe.jpg --format json
            t info pipe.jpg
            t extract pipe.jpg -o out.pfm
            t embed --image pipe.jpg --depth pipe.jpg -o out.jpg
            printf '%s\\n' pipe.jpg "$ROOT/\(Self.jpeg)" > list
            timeout 20 "$D" check --files-from list --format jsonl > batch.jsonl
            echo "batch $?"
            cut -c1-60 batch.jsonl
            """, in: s.dir)
        let fifo = "depthcheck: pipe.jpg is a FIFO (named pipe), not a regular file"
        #expect(r.text == """
            3 \(fifo)
            3 \n3 \(fifo)
            3 \(fifo)
            batch 3
            \(String("{\"path\":\"pipe.jpg\",\"container\":null,\"verdict\":\"unreadable\",\"".prefix(60)))
            \(String("{\"path\":\"\(TestData.packageRoot)/\(Self.jpeg)\",\"container\":\"jpeg\"".prefix(60)))

            """, "\(r.text)")
        #expect(!s.names().contains("out.pfm") && !s.names().contains("out.jpg"))
    }

    // MARK: 7. an interrupted write leaves nothing behind

    static let signals: [(String, Int32)] = [("INT", SIGINT), ("TERM", SIGTERM), ("HUP", SIGHUP), ("QUIT", SIGQUIT), ("KILL", SIGKILL)]

    /// A `check --output` of 40 slow files killed half-way by each signal, writing through an
    /// unnamed file (Linux) and through a named temporary file (the path other systems take,
    /// which no process can clean up after SIGKILL): the process dies of the signal and
    /// leaves no file behind, named or hidden. Job control (`set -m`) keeps SIGINT and SIGQUIT
    /// from being ignored by the background job, as they would be in a plain script.
    @Test(arguments: [false, true])
    func aSignalDuringAWriteLeavesNoFile(_ namedTemporary: Bool) throws {
        let s = try Scratch("hostile-signal-\(namedTemporary)")
        defer { s.remove() }
        for i in 0..<40 { try s.copy(Self.jpeg, to: "in/f\(i).jpg") }
        try FileManager.default.createDirectory(atPath: s.path("out"), withIntermediateDirectories: true)
        for (name, number) in Self.signals where !(namedTemporary && number == SIGKILL) {
            let r = try Self.bashWithDefaultSignals("""
                set -m
                "$D" check in --recursive --format json --output out/report.json & pid=$!
                sleep 0.6
                kill -\(name) $pid
                wait $pid
                echo "status $?"
                ls -A out
                """, in: s.dir, env: ["DEPTHCHECK_TEST_DELAY_MS": "50", "DEPTHCHECK_TEST_NAMED_TEMPORARY": namedTemporary ? "1" : "0"])
            #expect(r.text == "status \(128 + number)\n", "SIG\(name), named temporary \(namedTemporary): \(r.text)\(r.stderr)")
        }
    }

    /// A signal the parent ignores (`nohup` ignores SIGHUP) stays ignored while a named
    /// temporary file is written: the run goes on and writes its report.
    @Test func anIgnoredHangupStaysIgnored() throws {
        let s = try Scratch("hostile-nohup")
        defer { s.remove() }
        for i in 0..<20 { try s.copy(Self.jpeg, to: "in/f\(i).jpg") }
        try FileManager.default.createDirectory(atPath: s.path("out"), withIntermediateDirectories: true)
        let r = try Self.bashWithDefaultSignals("""
            set -m
            trap '' HUP
            "$D" check in --recursive --format json --output out/report.json & pid=$!
            sleep 0.4
            kill -HUP $pid
            wait $pid
            echo "status $?"
            ls -A out
            """, in: s.dir, env: ["DEPTHCHECK_TEST_DELAY_MS": "50", "DEPTHCHECK_TEST_NAMED_TEMPORARY": "1"])
        #expect(r.text == "status 0\nreport.json\n", "\(r.text)\(r.stderr)")
    }

    /// Execs argv[1...] with every signal unblocked and at its default action: the test
    /// runner's process may block or ignore some, and children inherit both.
    static let withDefaultSignals = """
        import os, signal, sys
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGXFSZ, signal.SIGPIPE):
            signal.signal(s, signal.SIG_DFL)
        os.execv(sys.argv[1], sys.argv[1:])
        """

    /// Runs `script` with bash in `dir` through `withDefaultSignals`, `$D` naming depthcheck.
    static func bashWithDefaultSignals(_ script: String, in dir: String, env: [String: String]) throws -> Tools.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["D"] = Tools.depthcheck
        environment["SWIFT_BACKTRACE"] = "enable=no"
        for (k, v) in env { environment[k] = v }
        return try Tools.run("/usr/bin/python3", ["-c", withDefaultSignals, "/bin/bash", "-c", script],
                             environment: environment, directory: dir)
    }

    /// SIGXFSZ: a report larger than the file size limit (`ulimit -f`) ends the process by the
    /// signal, and the partial report is gone.
    @Test(arguments: [false, true])
    func aFileSizeLimitLeavesNoFile(_ namedTemporary: Bool) throws {
        let s = try Scratch("hostile-xfsz-\(namedTemporary)")
        defer { s.remove() }
        for i in 0..<30 { try s.copy(Self.jpeg, to: "in/f\(i).jpg") }
        try FileManager.default.createDirectory(atPath: s.path("out"), withIntermediateDirectories: true)
        let r = try Self.bashWithDefaultSignals("""
            (ulimit -f 8; exec "$D" check in --recursive --format json --output out/report.json)
            echo "status $?"
            ls -A out
            """, in: s.dir, env: ["DEPTHCHECK_TEST_NAMED_TEMPORARY": namedTemporary ? "1" : "0"])
        #expect(r.text == "status \(128 + SIGXFSZ)\n", "\(r.text)\(r.stderr)")
    }

    // MARK: 8. values are never bent silently

    /// A float mask of 0…255 as a matte is refused with the range named, and nothing is
    /// written; a NumPy uint8 mask (0…255, as `np.save` of a mask writes it) is gray levels, read
    /// as an 8-bit PNG is, and embeds.
    @Test func aMatteOutsideZeroToOneIsRefusedWithItsRange() throws {
        let s = try Scratch("hostile-matte-range")
        defer { s.remove() }
        func npy(_ descr: String, _ data: [UInt8]) -> [UInt8] {
            let header = "{'descr': '\(descr)', 'fortran_order': False, 'shape': (48, 64), }"
            let padded = header + String(repeating: " ", count: (64 - (10 + header.utf8.count + 1) % 64) % 64) + "\n"
            return [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(padded.utf8.count & 0xFF), UInt8(padded.utf8.count >> 8)] + Array(padded.utf8) + data
        }
        let levels = (0..<(64 * 48)).map { $0 % 64 < 32 ? 255 : 0 }
        let floats = levels.flatMap { v -> [UInt8] in withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { Array($0) } }
        let bytes = s.path("bytes.npy")
        #expect(FileBytes.write(npy("|u1", levels.map(UInt8.init)), to: bytes))
        let accepted = try Tools.depthcheck(["embed", "--image", Self.jpeg, "--matte", bytes, "-o", s.path("ok.jpg")])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let matte = s.path("mask.npy"), out = s.path("out.jpg")
        #expect(FileBytes.write(npy("<f4", floats), to: matte))
        let r = try Tools.depthcheck(["embed", "--image", Self.jpeg, "--matte", matte, "-o", out])
        #expect(r.status == 2)
        #expect(r.stderr.contains("refused: \(matte): matte values outside 0…1 cannot be stored without clipping them: 1536 of 3072 samples, the first at (0, 0) is 255.0; the finite values span 0.0…255.0"),
                "\(r.stderr)")
        #expect(!FileBytes.exists(out))
    }

    // MARK: 11. names are bytes

    @Test func namesThatAreNotUTF8OrHoldControlsAreKeptAndEscaped() throws {
        let s = try Scratch("hostile-names")
        defer { s.remove() }
        let r = try Self.sh("""
            mkdir w
            cp "$ROOT/\(Self.jpeg)" "w/$(printf 'bad\\377\\376.jpg')"
            cp "$ROOT/\(Self.jpeg)" "w/$(printf 'nl\\nPASS forged.jpg')"
            cp "$ROOT/\(Self.jpeg)" "w/$(printf 'esc\\033[31mred.jpg')"
            cp "$ROOT/\(Self.jpeg)" w/.hidden.jpg
            "$D" check -r w
            """, in: s.dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.text == """
            PASS w/bad\\xff\\xfe.jpg (jpeg; disparity 16×12; 27 rules: 27 passed)
            PASS w/esc\\x1b[31mred.jpg (jpeg; disparity 16×12; 27 rules: 27 passed)
            PASS w/nl\\nPASS forged.jpg (jpeg; disparity 16×12; 27 rules: 27 passed)
            3 files: 3 passed, 0 failed, 0 unreadable; 0 errors, 0 warnings, 0 notes

            """, "\(r.text)")
        #expect(r.stderr == "depthcheck: note: skipped 1 hidden entry (names starting with '.'; name a file to check it)\n"
                + "depthcheck: note: values not checked: 3 aux images not decoded; --pixels decodes them and runs the pixel rules\n")
        // JSON carries the raw bytes as lone surrogates: Python gets the very names back.
        let py = try Self.sh("""
            "$D" check -r w --format jsonl 2>/dev/null | python3 -c '
            import sys, json, os
            for line in sys.stdin:
                p = os.fsencode(json.loads(line)["path"])
                print(repr(p), os.path.exists(p))'
            """, in: s.dir)
        #expect(py.text == "b'w/bad\\xff\\xfe.jpg' True\nb'w/esc\\x1b[31mred.jpg' True\nb'w/nl\\nPASS forged.jpg' True\n", "\(py.text)\(py.stderr)")
        // A name given on the command line reaches the file whatever its bytes.
        let direct = try Self.sh("\"$D\" check \"w/$(printf 'bad\\377\\376.jpg')\" --format sarif | grep -o '\"uri\": \"[^\"]*\"' | head -1", in: s.dir)
        #expect(direct.text == "\"uri\": \"w/bad%FF%FE.jpg\"\n", "\(direct.text)\(direct.stderr)")
    }

    // MARK: 12. messages tell the truth

    @Test func statErrorsSayTheirReason() throws {
        let s = try Scratch("hostile-stat")
        defer { s.remove() }
        try s.link("loop", to: "loop")
        let long = String(repeating: "n", count: 300) + ".jpg"
        let r = try Tools.run(Tools.depthcheck, ["check", "loop", TestData.packageRoot + "/" + Self.jpeg + "/x.jpg", long, "missing.jpg"],
                              directory: s.dir)
        #expect(r.status == 3)
        #expect(r.text.contains("UNREADABLE loop (unknown; not read)\n  error structure.file.unreadable: too many levels of symbolic links"), "\(r.text)")
        #expect(r.text.contains("structure.file.unreadable: not a directory"), "\(r.text)")
        #expect(r.text.contains("structure.file.unreadable: file name too long"), "\(r.text)")
        #expect(r.text.contains("UNREADABLE missing.jpg (unknown; not read)\n  error structure.file.unreadable: no such file or directory"), "\(r.text)")
    }

    @Test func aNegativeDistanceIsAValueRefusedWithItsReason() throws {
        let r = try Tools.depthcheck(["embed", "--image", Self.jpeg, "--depth", "map.pgm", "--znear", "-1", "--zfar", "3", "-o", "/nonexistent/x.jpg"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("depthcheck: --znear -1: a distance in metres must be above 0\n"), "\(r.stderr)")
    }

    @Test(arguments: [("strip", heic, "out.jpg", "out.jpg names a JPEG file, but the photo is a HEIF; give -o ending in .heic or .heif"),
                      ("roundtrip", jpeg, "out.heic", "out.heic names a HEIF file, but the photo is a JPEG; give -o ending in .jpg or .jpeg")])
    func aRewriteToTheOtherContainersExtensionIsRefused(_ command: String, _ input: String, _ name: String, _ message: String) throws {
        let s = try Scratch("hostile-ext-\(command)")
        defer { s.remove() }
        let args = command == "strip" ? ["strip", TestData.packageRoot + "/" + input, "--all", "-o", name] : ["roundtrip", TestData.packageRoot + "/" + input, "-o", name]
        let r = try Tools.run(Tools.depthcheck, args, directory: s.dir)
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: \(message)\n", "\(r.stderr)")
        #expect(s.names().isEmpty)
    }

    /// `extract --all` into a folder where the second target exists writes none of them.
    @Test func extractAllChecksEveryTargetBeforeWritingAny() throws {
        let s = try Scratch("hostile-extract-all")
        defer { s.remove() }
        let file = try s.copy("Corpus/good/writer-jpeg-depth-fdep-o3-matte.jpg", to: "p.jpg")
        try FileManager.default.createDirectory(atPath: s.path("out"), withIntermediateDirectories: true)
        let taken = try s.write("mine", to: "out/p.3.portraitEffectsMatte.pfm")
        let r = try Tools.depthcheck(["extract", file, "--all", "-o", s.path("out")])
        #expect(r.status == 2)
        #expect(r.stderr == "depthcheck: \(taken) exists; not replaced without --force (nothing written)\n", "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: s.path("out")) == ["p.3.portraitEffectsMatte.pfm"])
    }

    /// A read-only report, as any existing file, is replaced only with --force, and then keeps
    /// its mode.
    @Test func aReadOnlyTargetNeedsForce() throws {
        let s = try Scratch("hostile-readonly")
        defer { s.remove() }
        let out = try s.write("old", to: "r.json")
        #expect(chmod(out, 0o444) == 0)
        let refused = try Tools.depthcheck(["check", Self.jpeg, "--format", "json", "--output", out])
        #expect(refused.status == 2)
        #expect(refused.stderr == "depthcheck: \(out) exists; not replaced without --force\n", "\(refused.stderr)")
        #expect(Scratch.bytes(out) == Array("old".utf8))
        let forced = try Tools.depthcheck(["check", Self.jpeg, "--format", "json", "--output", out, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let mode = (try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o444)
        #expect((Scratch.bytes(out) ?? []).first == UInt8(ascii: "{"))
    }

    /// `strip` of a JPEG cut inside its MP image says the file cannot be read (exit 3) and
    /// why, instead of calling the request wrong; nothing is written.
    @Test func stripOfACutJPEGNamesTheCut() throws {
        let s = try Scratch("hostile-cut-strip")
        defer { s.remove() }
        let cut = s.path("cut.jpg"), out = s.path("out.jpg")
        #expect(FileBytes.write(Array((Scratch.bytes(TestData.packageRoot + "/" + Self.jpeg) ?? []).prefix(1500)), to: cut))
        let r = try Tools.depthcheck(["strip", cut, "--all", "-o", out])
        #expect(r.status == 3)
        #expect(r.stderr == "depthcheck: \(cut) has no such aux image that can be read: APP1 length 950 runs past the end of the file (843 bytes left) (MPImage[2]/APP1#1 at offset 657); nothing written\n",
                "\(r.stderr)")
        #expect(!FileBytes.exists(out))
    }

    /// `strip --aux depth` takes an iPhone's disparity too, as `extract --aux depth` does;
    /// `--aux disparity` names it alone.
    @Test func stripDepthTakesDisparityToo() throws {
        let s = try Scratch("hostile-strip-depth")
        defer { s.remove() }
        let out = s.path("out.heic")
        let r = try Tools.depthcheck(["strip", Self.heic, "--aux", "depth", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.text == "\(out): removed disparity [2]\n", "\(r.text)")
        let info = try Tools.depthcheck(["info", "--no-pixels", "--json", out])
        let json = try #require(Tools.infoRecord(info.stdout))
        #expect((json["auxImages"] as? [Any])?.isEmpty == true)
    }

    /// A replaced output keeps the mode of the file it replaces.
    @Test func aReplacedFileKeepsItsMode() throws {
        let s = try Scratch("hostile-mode")
        defer { s.remove() }
        let out = try s.write("old", to: "r.json")
        #expect(chmod(out, 0o640) == 0)
        let r = try Tools.depthcheck(["check", Self.jpeg, "--format", "json", "--force", "--output", out])
        #expect(r.status == 0, "\(r.stderr)")
        let mode = (try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o640)
        #expect((Scratch.bytes(out) ?? []).first == UInt8(ascii: "{"))
    }
}
