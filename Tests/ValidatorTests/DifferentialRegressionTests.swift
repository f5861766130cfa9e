import Foundation
import Testing
import TestSupport
import Validator
import DepthCheckCore

/// Mutants of real files that libheif refuses (or crashes on) and that `check` once passed,
/// kept from the differential fuzz run (`Fuzz/differential.py`) in `Fuzz/differential-regressions/`
/// with the rules each must fail (`expected.txt`, space-separated). Each now gets exactly those errors, and
/// heif-info, the independent reader, still refuses it.
@Suite struct DifferentialRegressionTests {
    static let root = TestData.packageRoot + "/Fuzz/differential-regressions"

    static var cases: [(name: String, rule: String)] {
        let text = String(decoding: FileBytes.read(root + "/expected.txt") ?? [], as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            guard let colon = line.range(of: ": ") else { return nil }
            return (String(line[..<colon.lowerBound]), String(line[colon.upperBound...]))
        }
    }

    @Test func everyKeptMutantIsListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.root).filter { $0.hasSuffix(".heic") }.sorted()
        #expect(names.count >= 10)
        #expect(names == Self.cases.map(\.name).sorted())
    }

    @Test(arguments: cases.map(\.name))
    func keptMutantFailsItsRule(_ name: String) throws {
        let rules = try #require(Self.cases.first { $0.name == name }?.rule).split(separator: " ").map(String.init)
        let bytes = try #require(FileBytes.read(Self.root + "/" + name))
        let report = Validation.check(bytes: bytes, path: name, options: CheckOptions())
        let errors = Set(report.findings.filter { $0.severity == .error }.map(\.rule.rawValue))
        #expect(errors == Set(rules), "\(name): \(report.findings.map(TextReport.line))")
    }

    /// Each mutant was kept because libheif 1.15 (Debian 12's, which `make test` installs)
    /// refuses it. Some are refused for a clause, some for libheif's own reasons (it has no case
    /// for a meta of size 0, and parses a box by its type wherever it stands), which a later
    /// libheif may drop: the refusal is held to the release the list was made with.
    @Test(.requires(.libheifTool("heif-info", version: "1.15.")), arguments: cases.map(\.name))
    func heifInfoRefusesKeptMutant(_ name: String) throws {
        let r = try Tools.run(try #require(Tools.which("heif-info")), [Self.root + "/" + name],
                              environment: ["PATH": "/usr/bin:/bin"])
        // A refusal (exit 1) or a crash (a signal; libheif 1.15 recurses on derivation cycles).
        #expect(r.status != 0, "\(name): heif-info opened it: \(r.text.prefix(200))")
    }
}
