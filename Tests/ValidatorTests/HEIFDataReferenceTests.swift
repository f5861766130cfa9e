import Testing
import TestSupport
import Validator

/// dref's entry_count is the number of entries it holds (ISO/IEC 14496-12 §8.7.2).
@Suite struct HEIFDataReferenceTests {
    @Test func anEntryCountPastTheEntriesIsAnError() throws {
        let bad = try #require(BadCorpus.all.first { $0.name == "dref-count-past-entries.heic" }).make()
        let f = Validation.check(bytes: bad, path: "d.heic", options: CheckOptions()).findings
        #expect(f.map(\.rule.rawValue) == ["structure.heif.box-invalid"])
        #expect(f.map(\.message) == ["dref's entry_count is 2 but it holds 1 entry"])
        #expect(f.map(\.path) == ["meta/dinf/dref"])
    }
}
