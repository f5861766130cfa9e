import Testing
import AuxData
import Container
@testable import Validator

/// Reader problems reach the one rule that names their code, and every rule that reports
/// nothing else names some.
@Suite struct ReaderProblemTableTests {
    @Test func everyCodeIsNamedByOneRuleAndRoutedToIt() {
        let named = Validation.catalog.flatMap { r in r.readerCodes.map { (code: $0, rule: r.info.id) } }
        #expect(named.count == Set(named.map(\.code)).count)
        #expect(ReaderProblems.owners.count == named.count)
        for n in named { #expect(ReaderProblems.owners[n.code] == n.rule, "\(n.code)") }
        // Three rules that also judge the structure report reader problems too.
        #expect(ReaderProblems.owners[.gridInvalid] == .structureHEIFGridInvalid)
        #expect(ReaderProblems.owners[.mpfEntryNotSOI] == .structureMPFEntryOffsetOutOfBounds)
        #expect(ReaderProblems.owners[.ilocUnsupportedConstructionMethod] == .structureHEIFBoxInvalid)
    }

    @Test func everyReaderOnlyRuleOwnsACode() {
        let readerOnly = Validation.catalog.compactMap { $0 as? ReaderProblemRule }.map(\.info.id.rawValue)
            .filter { $0 != ReaderProblems.malformedFile.id.rawValue }
        let routed = Set(ReaderProblems.owners.values.map(\.rawValue))
        #expect(readerOnly.count == 10)
        #expect(readerOnly.filter { !routed.contains($0) } == [])
    }

    @Test func anUnroutedCodeIsReportedAsMalformed() {
        let odd = ParseError(ParseError.Code("test.unrouted"), at: 7, path: "x", "something odd")
        let found = ReaderProblems.findings(for: ReaderProblems.malformedFile, in: [odd])
        #expect(found.map(\.offset) == [7])
        #expect(found.map(\.rule) == [.structureFileMalformed])
        #expect(ReaderProblems.findings(for: ReaderProblemRule.xmpNotWellFormed.info, in: [odd]).isEmpty)
    }

    @Test func strictGradingMakesWarningsErrorsAndNothingElse() {
        let strict = Grading(strictness: .strict), normal = Grading(strictness: .normal)
        #expect(strict.severity(.warning) == .error && strict.severity(.note) == .note && strict.severity(.error) == .error)
        #expect(normal.severity(.warning) == .warning)
    }
}
