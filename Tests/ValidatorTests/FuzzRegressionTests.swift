import Foundation
import Testing
import TestSupport
import AuxData
import Container
import Validator
import DepthCheckCore
import FuzzTargets

/// Replays every input libFuzzer kept under `Fuzz/crashers/<target>/` through that target
/// (`FuzzTarget`, with the limits the fuzz targets use), then through the whole check. Each
/// must finish without a trap, with a report whose JSON is valid. With no crashers kept, the
/// replay shows as skipped, saying so.
@Suite struct FuzzRegressionTests {
    static let root = TestData.packageRoot + "/Fuzz/crashers"

    /// The limits the fuzz targets run with (`Fuzz.limits`).
    static let fuzzLimits: ParseLimits = .fuzzing

    struct Crasher: CustomStringConvertible, Sendable {
        let target: String
        let path: String
        var description: String { target + "/" + (path.split(separator: "/").last.map(String.init) ?? path) }
    }

    static var crashers: [Crasher] {
        let fm = FileManager.default
        var out: [Crasher] = []
        for target in ((try? fm.contentsOfDirectory(atPath: root)) ?? []).sorted() {
            let dir = root + "/" + target
            for name in ((try? fm.contentsOfDirectory(atPath: dir)) ?? []).sorted() where !name.hasPrefix(".") {
                out.append(Crasher(target: target, path: dir + "/" + name))
            }
        }
        return out
    }

    @Test func crasherDirectoriesExistForEveryTarget() {
        #expect(FuzzTarget.allCases.map(\.rawValue) == ["FuzzJPEG", "FuzzHEIF", "FuzzXMP", "FuzzSEI", "FuzzCheck", "FuzzPixels", "FuzzMaps", "FuzzWriter"])
        for t in FuzzTarget.allCases.map(\.rawValue) {
            var isDir: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: Self.root + "/" + t, isDirectory: &isDir) && isDir.boolValue, "\(t)")
        }
    }

    @Test(.enabled(if: !crashers.isEmpty, "no crashers kept under Fuzz/crashers/<target>/: nothing to replay"),
          arguments: crashers)
    func replay(_ c: Crasher) throws {
        let bytes = try #require(FileBytes.read(c.path))
        let target = try #require(FuzzTarget(rawValue: c.target), "Fuzz/crashers/\(c.target) names no fuzz target")
        // The target itself, as libFuzzer ran it: no invariant it checks may break.
        do throws(FuzzViolation) { try target.run(bytes) } catch { Issue.record("\(c): \(error)") }
        for options in [CheckOptions(limits: Self.fuzzLimits), CheckOptions(strictness: .strict, require: [.depth])] {
            let report = Validation.check(bytes: bytes, path: c.path, options: options)
            let json = JSONReport.file(report).rendered()
            #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "JSON report of \(c)")
        }
        // FuzzCheck: what a check concludes from the bytes PartialRead loads is what it
        // concludes from the whole input.
        let partial = try PartialRead.load(PartialReadTests.CountingFile(bytes), limits: Self.fuzzLimits, readWholeBelow: 0)
        let options = CheckOptions(limits: Self.fuzzLimits)
        #expect(JSONReport.file(Validation.check(bytes: partial.bytes, path: "f", options: options)).rendered()
                == JSONReport.file(Validation.check(bytes: bytes, path: "f", options: options)).rendered(), "partial read of \(c)")
    }

    /// FuzzWriter's seeds keep the writer's promise: a NaN is refused, the rest written, read
    /// again and checked with no error, stripped and checked again.
    @Test func writerSeedsKeepTheWritersPromise() throws {
        let dir = TestData.packageRoot + "/Fuzz/seeds/writer"
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names.count == 6)
        for name in names {
            let bytes = try #require(FileBytes.read(dir + "/" + name))
            do throws(FuzzViolation) { try FuzzTarget.writer.run(bytes) } catch { Issue.record("\(name): \(error)") }
        }
    }

    /// HEIF lookups used to scan every reference per query, and the photo reader queries per
    /// aux image, so a 42 KB file with 2000 `auxl` and 1000 `cdsc` references took 14 s (debug)
    /// and a 168 KB one 156 s. Now indexed: time grows with the file. The test checks the
    /// verdicts only; how long a check takes is for Benchmarks/, not for a pass/fail bound.
    @Test func manyReferencesAreChecked() throws {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let n = UInt32(8 + body.count)
            return [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)] + Array(type.utf8) + body
        }
        func u16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        for n in [1_000, 4_000] {
            var refs: [UInt8] = []
            for i in 0..<n { refs += box("auxl", u16(i + 2) + u16(1) + u16(1)) }
            for i in 0..<(n / 2) { refs += box("cdsc", u16(i + 2) + u16(1) + u16(1)) }
            let hdlr = box("hdlr", [0, 0, 0, 0] + [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
            let meta = box("meta", [0, 0, 0, 0] + hdlr + box("pitm", [0, 0, 0, 0] + u16(1)) + box("iref", [0, 0, 0, 0] + refs))
            let file = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)) + meta
            let report = Validation.check(bytes: file, path: "refs\(n).heic", options: CheckOptions())
            #expect(report.verdict == .fail)
            // No iinf: every reference and the primary name items that do not exist.
            #expect(RuleOutcomes.check(file, path: "refs\(n).heic").failed == [
                "structure.heif.box-invalid", "structure.heif.iref-missing-item", "structure.heif.primary-missing",
                "dictionary.size.invalid", "dictionary.aux-type.unknown",
            ], "\(n) references")
        }
    }
}
