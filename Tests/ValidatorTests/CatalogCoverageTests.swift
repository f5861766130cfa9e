import AuxData
import Foundation
import Testing
import TestSupport
@testable import Validator
import Container
import DepthCheckCore

/// The catalog's contract with the corpus:
/// - every rule has a folder `Corpus/bad/<rule-id>/` with at least one file, and an
///   `expected.txt` naming, per file, exactly the rules that fail on it;
/// - each file fails its folder's rule and nothing that `expected.txt` does not name;
/// - no folder names a rule that does not exist;
/// - every file in `Corpus/good/` passes with no error or warning.
///
/// `expected.txt` lines are `file-name: rule-id rule-id …`; an optional `options: --require depth`
/// (or `options: --pixels`) line gives check options for the folder.
@Suite struct CatalogCoverageTests {
    /// A rule id and a codec are named, never spelt: neither is made from a string literal,
    /// so `"matte.requires-dpeth"` or `"jpge"` where one is expected does not compile.
    @Test func idsAndCodecsAreNamedNotSpelt() {
        #expect(!(RuleID.self is any ExpressibleByStringLiteral.Type))
        #expect(!(Codec.self is any ExpressibleByStringLiteral.Type))
    }

    /// Every rule's id is declared once, as a `RuleID` constant beside its rule, and that
    /// declaration is the only place in Sources its text is written.
    @Test func everyRuleIDIsWrittenOnceInItsDeclaration() throws {
        let sources = TestData.packageRoot + "/Sources"
        let files = (FileManager.default.enumerator(atPath: sources)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        var written: [String: [String]] = [:]
        let literal = #/"((?:structure|dictionary|geometry|matte|google|pixels|gainmap)\.[a-z0-9.-]+)"/#
        for file in files {
            let text = try #require(FileBytes.text(sources + "/" + file))
            for line in text.split(separator: "\n") {
                for match in line.matches(of: literal) {
                    written[String(match.output.1), default: []].append(line.contains("RuleID(rawValue: ") ? "declaration" : file)
                }
            }
        }
        for info in Validation.catalog.map(\.info) + [Validation.unreadableRule] {
            #expect(written[info.id.rawValue] == ["declaration"], "\(info.id): \(written[info.id.rawValue] ?? [])")
        }
        #expect(written.count == Validation.catalog.count + 1, "\(Set(written.keys).subtracting(Validation.catalog.map(\.info.id.rawValue)))")
    }

    static let badRoot = TestData.corpus + "/bad"
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "heic", "heif", "avif", "bin"]

    struct Expectation {
        var options = CheckOptions()
        var failing: [String: Set<String>] = [:]
    }

    static func expectations(_ dir: String) throws -> Expectation {
        var e = Expectation()
        let text = try #require(FileBytes.text(dir + "/expected.txt"), "no expected.txt in \(dir)")
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#"), let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
            let rest = line[line.index(after: colon)...].split(separator: " ").map(String.init)
            if key == "options" {
                var i = 0
                while i < rest.count {
                    if rest[i] == "--require", i + 1 < rest.count, let r = CheckOptions.Requirement(rawValue: rest[i + 1]) {
                        e.options.require.append(r)
                        i += 1
                    } else if rest[i] == "--pixels" {
                        e.options.pixels = true
                    }
                    i += 1
                }
            } else {
                e.failing[key] = Set(rest)
            }
        }
        return e
    }

    static func files(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [])
            .filter { imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
    }

    static func failedRules(_ path: String, _ options: CheckOptions) throws -> Set<String> {
        let bytes = try #require(FileBytes.read(path), "cannot read \(path)")
        return RuleOutcomes.check(bytes, path: path, options: options).failed
    }

    static var ruleIDs: [String] { Validation.catalog.map(\.info.id.rawValue) + [Validation.unreadableRule.id.rawValue] }

    @Test(arguments: CatalogCoverageTests.ruleIDs)
    func ruleHasAKnownBadFileThatTriggersIt(_ rule: String) throws {
        let dir = Self.badRoot + "/" + rule
        let files = Self.files(in: dir)
        try #require(!files.isEmpty, "no known-bad file in Corpus/bad/\(rule)/")
        let expected = try Self.expectations(dir)
        for f in files {
            let want = try #require(expected.failing[f], "expected.txt in \(rule) does not list \(f)")
            #expect(want.contains(rule), "\(f): expected.txt does not name the folder's rule")
            let got = try Self.failedRules(dir + "/" + f, expected.options)
            #expect(got == want, "\(rule)/\(f): failed \(got.sorted()), expected \(want.sorted())")
        }
    }

    @Test func everyBadFolderNamesARule() throws {
        let known = Set(Self.ruleIDs)
        let dirs = try FileManager.default.contentsOfDirectory(atPath: Self.badRoot).filter { !$0.hasPrefix(".") }
        for d in dirs { #expect(known.contains(d), "Corpus/bad/\(d) names no rule") }
    }

    @Test func ruleIDsAreUniqueAndWellFormed() {
        let ids = Self.ruleIDs
        #expect(Set(ids).count == ids.count)
        let areas: Set<String> = ["structure", "dictionary", "geometry", "matte", "google", "gainmap", "pixels"]
        for id in ids {
            #expect(areas.contains(String(id.prefix { $0 != "." })), "\(id) has an unknown area")
            #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "." || $0 == "-" }, "\(id) is not lower-case dotted")
        }
    }

    @Test func everyGoodFilePassesWithoutErrorsOrWarnings() throws {
        let dir = TestData.corpus + "/good"
        let files = Self.files(in: dir)
        #expect(files.count >= 2)
        for f in files {
            let bytes = try #require(FileBytes.read(dir + "/" + f))
            let report = Validation.check(bytes: bytes, path: f, options: CheckOptions())
            #expect(report.verdict == .pass, "\(f)")
            let serious = report.findings.filter { $0.severity >= .warning }
            #expect(serious.isEmpty, "\(f): \(serious.map(TextReport.line))")
        }
    }

    /// The good files decode and pass the pixel rules too: `check --pixels` finds nothing at
    /// warning or above.
    @Test func everyGoodFilePassesThePixelRules() throws {
        let dir = TestData.corpus + "/good"
        for f in Self.files(in: dir) {
            let bytes = try #require(FileBytes.read(dir + "/" + f))
            let report = Validation.check(bytes: bytes, path: f, options: CheckOptions(pixels: true))
            #expect(report.verdict == .pass, "\(f)")
            let serious = report.findings.filter { $0.severity >= .warning }
            #expect(serious.isEmpty, "\(f): \(serious.map(TextReport.line))")
            #expect(report.pixels.count == report.photo?.auxImages.count, "\(f): every aux image decoded once")
        }
    }

    /// Real files written by Apple cameras or ImageIO never get an error (warnings such as the
    /// iPhone X MPF size quirk are allowed).
    static let realAppleFiles = ["apple-jpeg-disparity-iphonex.jpg", "apple-heic-depth-gainmap-ios16.heic",
                                 "imageio-heic-depth-minimal.heic", "imageio-jpeg-gainmap.jpg"]

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg"), .realFile("apple-heic-depth-gainmap-ios16.heic"),
                    .realFile("imageio-heic-depth-minimal.heic"), .realFile("imageio-jpeg-gainmap.jpg")),
          arguments: realAppleFiles)
    func realAppleFilesHaveNoErrors(_ n: String) throws {
        let data = try TestData.realBytes(n)
        let report = Validation.check(bytes: data, path: n, options: CheckOptions())
        #expect(report.verdict == .pass, "\(n)")
        #expect(report.count(.error) == 0, "\(n): \(report.findings.map(TextReport.line))")
    }

    /// Under `--pixels` every aux image of the Apple files decodes and no pixel rule finds
    /// anything, at any level; the pixel rules apply to each file.
    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg"), .realFile("apple-heic-depth-gainmap-ios16.heic"),
                    .realFile("imageio-heic-depth-minimal.heic"), .realFile("imageio-jpeg-gainmap.jpg")),
          arguments: realAppleFiles)
    func realAppleFilesPassThePixelRules(_ n: String) throws {
        let data = try TestData.realBytes(n)
        let report = Validation.check(bytes: data, path: n, options: CheckOptions(pixels: true))
        #expect(report.verdict == .pass, "\(n)")
        #expect(report.count(.error) == 0, "\(n): \(report.findings.map(TextReport.line))")
        let pixelFindings = report.findings.filter { $0.rule.rawValue.hasPrefix("pixels.") }
        #expect(pixelFindings.isEmpty, "\(n): \(pixelFindings.map(TextReport.line))")
        #expect(report.pixels.allSatisfy { $0.decoded != nil }, "\(n): \(report.pixels.compactMap(\.error))")
        let undecodable = report.outcomes.first { $0.rule.id.rawValue == "pixels.aux.undecodable" }?.outcome
        #expect(undecodable == .passed, "\(n)")
    }

    /// The malformed libheif sample fails.
    @Test(.requires(.realFile("libheif-fuzz-bad-depth.heic")))
    func malformedLibheifSampleFails() throws {
        let data = try TestData.realBytes("libheif-fuzz-bad-depth.heic")
        let report = Validation.check(bytes: data, path: "bad", options: CheckOptions())
        #expect(report.verdict == .fail)
        let failed = RuleOutcomes.check(data, path: "bad").failed
        #expect(failed == ["structure.heif.box-size", "structure.heif.box-invalid", "structure.heif.iref-missing-item",
                           "structure.heif.auxc-duplicate", "structure.heif.ispe-missing",
                           "structure.heif.iloc-extent-out-of-bounds", "structure.heif.primary-not-master",
                           "structure.heif.depth-sei-missing", "dictionary.size.invalid",
                           // (Its depth item has no Apple XMP, so no apdi:NativeFormat is asked of it.)
                           // Its coded items lost their hvcC associations to the broken ipco.
                           "structure.heif.coded-image-incomplete"])
    }
}
