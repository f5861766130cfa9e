import Foundation
import Testing
import TestSupport
@testable import Validator
import DepthCheckCore

/// Citations are what a user follows to check a rule for themselves, so every one must name
/// something a user can find: a specification clause, an Apple or Google documentation page,
/// or a section of depthcheck's README. A Markdown file (other than the README) or a path in
/// the source tree is nothing a user of the binary has.
@Suite struct CitationTests {
    static let repositoryFolders = ["Sources/", "Tests/", "Corpus/", "Benchmarks/", "Fuzz/"]

    static func problem(_ citation: String) -> String? {
        let lower = citation.lowercased()
        for word in lower.split(whereSeparator: { " (),;:\"'".contains($0) }) where word.hasSuffix(".md") {
            if word != "readme.md" { return "names \(word)" }
        }
        for folder in repositoryFolders where citation.contains(folder) { return "names a path under \(folder)" }
        return nil
    }

    @Test func everyCitationNamesAPublicSourceOrTheReadme() {
        let infos = Validation.catalog.map(\.info) + [Validation.unreadableRule]
        for info in infos {
            let text = info.citation.description
            #expect(Self.problem(text) == nil, "\(info.id): \(text)")
            #expect(Self.problem(ExplainText.text(info)) == nil, "\(info.id) explain")
        }
    }

    @Test func readmeCitationsNameASectionTheReadmeHas() throws {
        let readme = try String(contentsOfFile: TestData.packageRoot + "/README.md", encoding: .utf8)
        for info in Validation.catalog.map(\.info) where info.citation.document == .depthcheck {
            let clause = info.citation.clause
            let section = try #require(clause.split(separator: "\"").dropFirst().first, "\(info.id): \(clause)")
            #expect(readme.contains("## \(section)\n"), "\(info.id) cites README section \(section)")
        }
    }

    @Test(arguments: [
        ("depthcheck: observed practice (NOTES.md) §3.1", true), ("see plan.md", true), ("notes.md §2", true),
        ("Sources/Validator/Rules/X.swift", true), ("depthcheck README section \"Using it\": --require", false),
        ("CIPA DC-007-2021 §5.2.3.3", false),
    ])
    func theCheckCatchesWhatItIsFor(_ citation: String, _ refused: Bool) {
        #expect((Self.problem(citation) != nil) == refused)
    }

    /// The standards and documents a citation names, one entry per mention.
    static func sources(_ citation: String) throws -> [String] {
        let patterns = [#"ISO(/IEC)? \d+-\d+"#, #"ITU-T [A-Z]\.\d+"#, #"CIPA DC-\d+"#, #"Adobe XMP Specification Part \d"#,
                        "Apple Developer Documentation", "Google Depthmap Metadata", "Google Dynamic Depth",
                        "Android Ultra HDR", "XDM 1.0", "ExifTool Samsung Trailer tags", "AV1 Image File Format", "depthcheck README"]
        var found: [String] = []
        for p in patterns {
            found += try citation.matches(of: Regex(p)).map { String(citation[$0.range]) }
        }
        return found
    }

    /// Words and shapes that stand for a citation not yet written.
    static let placeholders = ["TODO", "TBD", "XXX", "FIXME", "§?", "§X", "§x", "{", "}", "...", "…", "lorem", "<clause>", "<section>"]

    @Test func everyRuleCitationNamesEachSourceOnceWithoutPlaceholders() throws {
        let infos = Validation.catalog.map(\.info) + [Validation.unreadableRule]
        for info in infos {
            let text = info.citation.description
            let named = try Self.sources(text)
            #expect(!named.isEmpty, "\(info.id) names no source: \(text)")
            #expect(named.count == Set(named).count, "\(info.id) names a source twice: \(text)")
            for p in Self.placeholders { #expect(!text.contains(p), "\(info.id) holds a placeholder \(p): \(text)") }
            #expect(!info.citation.clause.trimmingCharacters(in: .whitespaces).isEmpty, "\(info.id) has no clause")
        }
    }

    @Test func noTwoRulesShareACitation() {
        let infos = Validation.catalog.map(\.info)
        let byCitation = Dictionary(grouping: infos, by: { $0.citation.description })
        for (citation, rules) in byCitation where rules.count > 1 {
            Issue.record("\(rules.map(\.id)) share the citation \(citation)")
        }
    }

    @Test func theSourceCheckCatchesARepeat() throws {
        #expect(try Self.sources("ISO/IEC 14496-12:2022 §8.11.4; ISO/IEC 14496-12 §8.11.1").count == 2)
        #expect(try Set(Self.sources("ISO/IEC 23008-12:2022 §6.2; ISO/IEC 14496-12 §8.11.4")).count == 2)
    }
}
