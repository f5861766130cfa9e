import Testing
import AuxData
import Container
@testable import Validator

/// The table that routes reader problems to rules stays consistent with the catalog.
@Suite struct ReaderProblemTableTests {
    static var catalogIDs: Set<String> { Set(Validation.catalog.map(\.info.id)) }

    @Test func everyRoutedRuleIsInTheCatalog() {
        let routed = Set(ReaderProblems.codes.map(\.rule))
        #expect(routed.subtracting(Self.catalogIDs) == [])
    }

    @Test func everyCodeIsRoutedOnce() {
        let all = ReaderProblems.codes.flatMap(\.codes)
        #expect(all.count == Set(all).count)
        #expect(ReaderProblems.owners.count == all.count)
    }

    @Test func everyReaderOnlyRuleOwnsACode() {
        let readerOnly = Validation.catalog.compactMap { $0 as? ReaderProblemRule }.map(\.info.id)
            .filter { $0 != ReaderProblems.malformedFile.id }
        let routed = Set(ReaderProblems.codes.map(\.rule))
        #expect(!readerOnly.isEmpty)
        #expect(readerOnly.filter { !routed.contains($0) } == [])
    }

    @Test func anUnroutedCodeIsReportedAsMalformed() {
        let odd = ParseError(ParseError.Code("test.unrouted"), at: 7, path: "x", "something odd")
        let found = ReaderProblems.findings(for: ReaderProblems.malformedFile, in: [odd])
        #expect(found.map(\.offset) == [7])
        #expect(found.map(\.rule) == ["structure.file.malformed"])
        #expect(ReaderProblems.findings(for: ReaderProblems.xmpNotWellFormed.info, in: [odd]).isEmpty)
    }

    @Test func strictGradingMakesWarningsErrorsAndNothingElse() {
        let strict = Grading(strictness: .strict), normal = Grading(strictness: .normal)
        #expect(strict.severity(.warning) == .error && strict.severity(.note) == .note && strict.severity(.error) == .error)
        #expect(normal.severity(.warning) == .warning)
    }
}
