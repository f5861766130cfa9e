import Foundation
import Testing
import TestSupport
import Container
import Validator
import DepthCheckCore

/// Thousands of damaged variants of every good and real file through the whole check: bit
/// flips, truncations, splices of two files, and patched length fields (JPEG segment lengths,
/// BMFF box sizes, big-endian counts). No variant may trap or render JSON that does not parse.
/// The seed is printed; set DEPTHCHECK_SWEEP_SEED to replay one. The slowest variant is
/// printed too, for information.
///
/// Under ASan or TSan (`Sanitizer.isActive`) the sweep is eight times smaller, so the
/// sanitizer runs stay within minutes.
@Suite struct MutationSweepTests {
    static var sanitized: Bool { Sanitizer.isActive }

    static var inputs: [(name: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        for dir in [TestData.corpus + "/good", TestData.realCorpus] {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
            for n in names where [".jpg", ".jpeg", ".heic", ".heif"].contains(where: { n.lowercased().hasSuffix($0) }) {
                if let b = FileBytes.read(dir + "/" + n), !b.isEmpty { out.append((n, b)) }
            }
        }
        return out
    }

    /// Offsets of length fields worth patching: the two bytes after an FF Ex/FE/DB/C4/C0-C3/DA
    /// marker, and the four bytes before a known box type.
    static func lengthFields(_ b: [UInt8]) -> [(at: Int, width: Int)] {
        var out: [(Int, Int)] = []
        let boxTypes: Set<String> = ["ftyp", "meta", "hdlr", "pitm", "iloc", "iinf", "infe", "iref", "iprp", "ipco",
                                     "ipma", "idat", "mdat", "ispe", "pixi", "auxC", "hvcC", "irot", "imir", "clap",
                                     "colr", "auxl", "cdsc", "dimg", "thmb", "free", "dinf", "dref", "grpl", "av1C"]
        let limit = min(b.count, 1 << 18)
        var i = 0
        while i + 4 <= limit {
            if b[i] == 0xFF, i + 3 < b.count {
                let m = b[i + 1]
                if (m >= 0xE0 && m <= 0xEF) || m == 0xFE || m == 0xDB || m == 0xC4 || (m >= 0xC0 && m <= 0xC3) || m == 0xDA {
                    out.append((i + 2, 2))
                }
            }
            if i >= 4, b[i..<(i + 4)].allSatisfy({ $0 >= 0x61 && $0 <= 0x7A || $0 >= 0x41 && $0 <= 0x5A || $0 == 0x31 }) {
                let s = String(decoding: b[i..<(i + 4)], as: UTF8.self)
                if boxTypes.contains(s) { out.append((i - 4, 4)) }
            }
            i += 1
        }
        return out
    }

    static func mutate(_ input: [UInt8], other: [UInt8], fields: [(at: Int, width: Int)], rng: inout SeededGenerator) -> (String, [UInt8]) {
        var b = input
        // Most parsing happens in the first bytes; aim there three times out of four.
        let hot = rng.below(4) == 0 ? b.count : min(b.count, 4096)
        switch rng.below(4) {
        case 0:
            for _ in 0..<(1 + rng.below(8)) {
                let at = rng.below(hot)
                b[at] ^= UInt8(1) << UInt8(rng.below(8))
            }
            return ("bitflip", b)
        case 1:
            return ("truncate", Array(b.prefix(rng.below(rng.below(2) == 0 ? hot : b.count))))
        case 2:
            let cut = rng.below(hot)
            let from = rng.below(other.count)
            let take = rng.below(min(other.count - from, 1 << 16) + 1)
            var s = Array(b.prefix(cut))
            s += other[from..<(from + take)]
            if rng.below(2) == 0, cut < b.count { s += b[cut...] }
            return ("splice", s)
        default:
            guard !fields.isEmpty else { return ("bitflip", b) }
            let f = fields[rng.below(fields.count)]
            guard f.at >= 0, f.at + f.width <= b.count else { return ("bitflip", b) }
            let old = f.width == 2 ? UInt64(b[f.at]) << 8 | UInt64(b[f.at + 1])
                : b[f.at..<(f.at + 4)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let max = f.width == 2 ? UInt64(0xFFFF) : UInt64(0xFFFF_FFFF)
            let choices: [UInt64] = [0, 1, 2, 7, 8, 16, max, max - 1, max / 2, max / 2 + 1,
                                     (old &+ 1) & max, (old &- 1) & max, (old &* 2) & max, rng.next() & max]
            let v = choices[rng.below(choices.count)]
            for k in 0..<f.width { b[f.at + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt64(f.width - 1 - k))) }
            return ("length", b)
        }
    }

    static func peakRSSMegabytes() -> Int {
        var u = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &u)
        return u.ru_maxrss / 1024
    }

    @Test func sweep() throws {
        let seed = ProcessInfo.processInfo.environment["DEPTHCHECK_SWEEP_SEED"].flatMap { UInt64($0) } ?? 0xD3_97_2026
        let sanitized = Self.sanitized
        print("MutationSweepTests seed \(seed)\(sanitized ? " (sanitizer build: reduced sweep)" : "")")
        var rng = SeededGenerator(seed: seed)
        let inputs = Self.inputs
        try #require(!inputs.isEmpty)
        let clock = ContinuousClock()
        let sweepStart = clock.now
        var slowest: Duration = .zero
        var slowestCase = ""
        var counts: [String: Int] = [:]
        var verdicts: [FileReport.Verdict: Int] = [:]
        var total = 0
        let rssBefore = Self.peakRSSMegabytes()
        for (index, input) in inputs.enumerated() {
            let fields = Self.lengthFields(input.bytes)
            // Small files get the most variants; a multi-megabyte file costs more per check.
            var n = input.bytes.count < 100_000 ? 1_500 : (input.bytes.count < 1_000_000 ? 300 : 120)
            if sanitized { n /= 8 }
            for i in 0..<n {
                let other = inputs[rng.below(inputs.count)].bytes
                let (kind, variant) = Self.mutate(input.bytes, other: other, fields: fields, rng: &rng)
                counts[kind, default: 0] += 1
                let start = clock.now
                let report = Validation.check(bytes: variant, path: input.name, options: CheckOptions())
                let elapsed = clock.now - start
                if elapsed > slowest { slowest = elapsed; slowestCase = "\(input.name) #\(i) (\(kind))" }
                verdicts[report.verdict, default: 0] += 1
                if report.verdict == .unreadable { #expect(report.readError != nil) }
                // Rendering every report is costly; parse one in eight, and every unreadable one.
                if report.verdict == .unreadable || i % 8 == 0 {
                    let json = JSONReport.file(report).rendered(pretty: false)
                    #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil,
                            "JSON of \(input.name) #\(i) (\(kind)) does not parse")
                }
                total += 1
            }
            _ = index
        }
        let rssAfter = Self.peakRSSMegabytes()
        print("MutationSweepTests: \(total) variants of \(inputs.count) files \(counts.sorted { $0.key < $1.key }) "
              + "verdicts \(verdicts.map { "\($0.key.rawValue)=\($0.value)" }.sorted()) in \(clock.now - sweepStart); "
              + "slowest \(slowest) (\(slowestCase)); peak RSS \(rssBefore) MB before, \(rssAfter) MB after")
        // The two good files alone give 3000 variants (374 under a sanitizer).
        #expect(total >= (sanitized ? 374 : 3_000))
        // The whole test process, other suites included; the sweep itself adds little.
        #expect(rssAfter < 2_048, "peak RSS \(rssAfter) MB")
    }
}
