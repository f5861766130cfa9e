import Foundation
import Testing
import TestSupport
import Validator

/// Files of about a hundred bytes whose boxes or segments declare gigabytes. The depthcheck
/// binary must reject each (unreadable, or a finding) without allocating what the file
/// declares: it runs under `ulimit -v` (address space) far below the declared sizes, and
/// `/usr/bin/time` reports its peak RSS (and, for information, its elapsed time). Then the
/// `--timeout` hang guard.
@Suite struct HostileInputTests {
    // MARK: byte builders

    static func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
    static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// A box with the correct size unless `size` is given.
    static func box(_ type: String, size: UInt32? = nil, _ body: [UInt8] = []) -> [UInt8] {
        be32(size ?? UInt32(8 + body.count)) + ascii(type) + body
    }
    static func fullBox(_ type: String, version: UInt8 = 0, size: UInt32? = nil, _ body: [UInt8] = []) -> [UInt8] {
        box(type, size: size.map { $0 }, [version, 0, 0, 0] + body)
    }
    static let ftyp = box("ftyp", ascii("heic") + be32(0) + ascii("mif1") + ascii("heic"))
    static let hdlr = fullBox("hdlr", be32(0) + ascii("pict") + [UInt8](repeating: 0, count: 12) + [0])

    static let heifCases: [(String, [UInt8])] = [
        // meta declares 4 GB in a 60-byte file.
        ("heif-meta-4GB", ftyp + fullBox("meta", size: 0xFFFF_FF00, hdlr)),
        // An mdat with a 64-bit largesize of 16 EB / 4, then meta.
        ("heif-mdat-largesize", ftyp + be32(1) + ascii("mdat") + [0x40, 0, 0, 0, 0, 0, 0, 0] + fullBox("meta", hdlr)),
        // iinf v1 with 4 billion entries, iloc with 65535 items, ipma with 4 billion entries, one
        // iloc extent of 4 GB, iref naming 65535 targets.
        ("heif-counts", ftyp + fullBox("meta", hdlr
            + fullBox("pitm", be16(1))
            + fullBox("iinf", version: 1, be32(0xFFFF_FFFF))
            + fullBox("iloc", version: 1, [0x44, 0x40] + be16(0xFFFF) + be16(1) + be16(0) + be16(0) + be16(0xFFFF) + be32(0) + be32(0xFFFF_FFFF))
            + box("iprp", box("ipco") + fullBox("ipma", be32(0xFFFF_FFFF)))
            + fullBox("iref", box("dimg", be16(1) + be16(0xFFFF) + be16(2))))),
        // Boxes nested as deep as the bytes allow, each declaring the rest of a 4 GB parent.
        ("heif-nesting", ftyp + Array((0..<12).flatMap { _ in be32(0xFFFF_FFF0) + ascii("meta") + [0, 0, 0, 0] })),
    ]

    static let xmpExtension = ascii("http://ns.adobe.com/xmp/extension/") + [0]
    static let guid = ascii("0123456789ABCDEF0123456789ABCDEF")

    static func segment(_ marker: UInt8, length: Int? = nil, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(length ?? payload.count + 2) + payload
    }
    static let sof65535 = segment(0xC0, [8] + be16(0xFFFF) + be16(0xFFFF) + [1, 1, 0x11, 0])

    static let jpegCases: [(String, [UInt8])] = [
        // An APP1 that declares 65533 bytes in a 20-byte file.
        ("jpeg-app1-past-end", [0xFF, 0xD8] + segment(0xE1, length: 0xFFFF, ascii("Exif") + [0, 0, 0x4D, 0x4D])),
        // MPF: 4 billion images, an MP entry array of 4 GB, an entry offset and size of 4 GB.
        ("jpeg-mpf-4GB", [0xFF, 0xD8] + segment(0xE2, ascii("MPF") + [0] + ascii("MM") + [0, 0x2A] + be32(8)
            + be16(3)
            + be16(0xB000) + be16(7) + be32(4) + ascii("0100")
            + be16(0xB001) + be16(4) + be32(1) + be32(0xFFFF_FFFF)
            + be16(0xB002) + be16(7) + be32(0xFFFF_FFF0) + be32(0x10)
            + be32(0) + be32(0xFFFF_FFFF) + be32(0xFFFF_FF00)) + sof65535 + [0xFF, 0xD9]),
        // Extended XMP whose full length is 4 GB, chunk at offset 4 GB - 16.
        ("jpeg-extended-xmp-4GB", [0xFF, 0xD8] + segment(0xE1, xmpExtension + guid + be32(0xFFFF_FFFF) + be32(0xFFFF_FFF0) + ascii("<x:xmpmeta/>"))
            + sof65535 + [0xFF, 0xD9]),
        // Exif with an IFD of 65535 entries.
        ("jpeg-exif-ifd", [0xFF, 0xD8] + segment(0xE1, ascii("Exif") + [0, 0] + ascii("MM") + [0, 0x2A] + be32(8) + be16(0xFFFF) + be16(0x0112) + be16(3) + be32(0xFFFF_FFFF) + be32(0)) + sof65535 + [0xFF, 0xD9]),
    ]

    // MARK: running the binary

    struct Run {
        let status: Int32
        let report: [String: Any]?
        let seconds: Double
        let maxRSSKB: Int
    }

    /// True when this process (and so the depthcheck built with it) runs under ASan or TSan:
    /// their shadow memory needs terabytes of address space, so there is no `ulimit -v` then,
    /// and everything is slower.
    static let sanitized = Sanitizer.isActive

    /// depthcheck under `ulimit -v` (KB) and /usr/bin/time; no time figures when /usr/bin/time is missing.
    static func depthcheck(_ args: [String], addressSpaceKB: Int = 1 << 20, env: [String: String] = [:]) throws -> Run {
        let hasTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        let quoted = ([Tools.depthcheck] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let timed = hasTime ? "exec /usr/bin/time -f 'TIME %e %M' \(quoted)" : "exec \(quoted)"
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        for (k, v) in env { environment[k] = v }
        let clock = ContinuousClock()
        let start = clock.now
        let limit = sanitized ? "" : "ulimit -v \(addressSpaceKB); "
        let r = try Tools.run("/bin/sh", ["-c", limit + timed], environment: environment)
        let wall = clock.now - start
        var seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        var rss = 0
        if let line = r.stderr.split(separator: "\n").last(where: { $0.hasPrefix("TIME ") }) {
            let f = line.split(separator: " ")
            if f.count == 3 { seconds = Double(f[1]) ?? seconds; rss = Int(f[2]) ?? 0 }
        }
        let json = try? JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any]
        return Run(status: r.status, report: json, seconds: seconds, maxRSSKB: rss)
    }

    static func tempDir() throws -> String {
        let dir = NSTemporaryDirectory() + "depthcheck-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func files(_ report: [String: Any]?) -> [[String: Any]] { report?["files"] as? [[String: Any]] ?? [] }

    // MARK: tests

    @Test(arguments: heifCases + jpegCases) func gigabyteDeclarationsAreRejectedAtOnce(_ c: (String, [UInt8])) throws {
        let (name, bytes) = c
        #expect(bytes.count <= 200, "\(name) is \(bytes.count) bytes")
        // In process: the check fails the file.
        let report = Validation.check(bytes: bytes, path: name, options: CheckOptions(require: [.depth]))
        #expect(report.verdict != .pass, "\(name) passed")
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/" + name + (name.hasPrefix("heif") ? ".heic" : ".jpg")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        // 1 GB of address space: enough for the process, far too little for any buffer of the
        // sizes these files declare; allocating one would crash the process.
        let run = try Self.depthcheck(["check", "--format", "json", "--require", "depth", path])
        #expect(run.status == 1 || run.status == 3, "\(name): exit \(run.status)")
        let file = try #require(Self.files(run.report).first, "\(name): no JSON report")
        let findings = file["findings"] as? [[String: Any]] ?? []
        #expect(!findings.isEmpty, "\(name): no finding")
        let verdict = file["verdict"] as? String ?? ""
        #expect(verdict == "unreadable" || verdict == "fail", "\(name): verdict \(verdict)")
        // The process as a whole stays small.
        if run.maxRSSKB > 0 { #expect(run.maxRSSKB < (Self.sanitized ? 1_000_000 : 200_000), "\(name): peak RSS \(run.maxRSSKB) KB") }
        print("HostileInputTests \(name) (\(bytes.count) bytes): exit \(run.status), \(verdict), "
              + "\(findings.count) findings, \(run.seconds) s, peak RSS \(run.maxRSSKB) KB; "
              + (findings.compactMap { $0["rule"] as? String }.joined(separator: " ")))
    }

    @Test func timedOutFileIsReportedAndTheBatchGoesOn() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = try #require(FileBytes.read(TestData.corpus + "/good/jpeg-disparity.jpg"))
        for name in ["a-fast.jpg", "b-slow.jpg", "c-fast.jpg"] {
            try Data(good).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        let clock = ContinuousClock()
        let start = clock.now
        let paths = ["a-fast.jpg", "b-slow.jpg", "c-fast.jpg"].map { dir + "/" + $0 }
        let run = try Self.depthcheck(["check", "--format", "json", "--timeout", "1", "--jobs", "2"] + paths,
                                      env: ["DEPTHCHECK_TEST_DELAY_MS": "20000", "DEPTHCHECK_TEST_DELAY_MATCH": "slow"])
        let elapsed = clock.now - start
        #expect(run.status == 3)
        let files = Self.files(run.report)
        #expect(files.count == 3)
        for f in files {
            let path = f["path"] as? String ?? ""
            let verdict = f["verdict"] as? String
            if path.hasSuffix("b-slow.jpg") {
                #expect(verdict == "unreadable")
                let finding = (f["findings"] as? [[String: Any]])?.first
                #expect(finding?["rule"] as? String == "structure.file.unreadable")
                #expect(finding?["message"] as? String == "check did not finish within 1 s")
            } else {
                #expect(verdict == "pass", "\(path): \(verdict ?? "nil")")
            }
        }
        // The timeout mechanism itself: the slow file's 20 s delay was not waited for. The bound
        // is the delay, so only a batch that waited for the slow check can miss it.
        #expect(elapsed < .seconds(20), "took \(elapsed)")
    }

    @Test func timeoutMustBePositive() throws {
        let run = try Self.depthcheck(["check", "--timeout", "0", TestData.corpus + "/good/jpeg-disparity.jpg"])
        #expect(run.status == 2)
    }

    @Test func limitsFromTheCommandLineAreFindings() throws {
        // One box allowed: the file cannot even be walked, and says so.
        let run = try Self.depthcheck(["check", "--format", "json", "--max-boxes", "1", TestData.corpus + "/good/heif-disparity.heic"])
        #expect(run.status == 1 || run.status == 3)
        let text = String(describing: Self.files(run.report).first?["findings"] ?? "")
        #expect(text.contains("limit"), "\(text)")
    }

    /// Mutated good files through the binary in one batch: the process survives, exits with a
    /// graded code (never above 4), and reports every file.
    @Test func mutatedBatchExitsWithAGradedCode() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let seed: UInt64 = 0x0BAD_F11E
        print("HostileInputTests batch seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        var written = 0
        for name in ["jpeg-disparity.jpg", "heif-disparity.heic"] {
            let good = try #require(FileBytes.read(TestData.corpus + "/good/" + name))
            for i in 0..<100 {
                var b = good
                if i % 4 == 3 {
                    b = Array(b.prefix(rng.below(b.count)))
                } else {
                    for _ in 0...rng.below(6) { b[rng.below(b.count)] ^= UInt8(1 << rng.below(8)) }
                }
                try Data(b).write(to: URL(fileURLWithPath: dir + "/\(i)-" + name))
                written += 1
            }
        }
        let run = try Self.depthcheck(["check", "--format", "json", "--recursive", "--jobs", "2", "--timeout", "30", dir],
                                      addressSpaceKB: 2 << 20)
        #expect(run.status >= 0 && run.status <= 4 && run.status != 2, "exit \(run.status)")
        #expect(Self.files(run.report).count == written)
        print("HostileInputTests batch of \(written) mutated files: exit \(run.status), \(run.seconds) s, peak RSS \(run.maxRSSKB) KB")
    }
}
