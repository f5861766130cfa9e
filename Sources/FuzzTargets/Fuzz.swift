import Container
import DepthCheckCore

/// What every fuzz target shares: tight limits, and the broken invariant as an error, which
/// the libFuzzer entry point turns into a crash (libFuzzer keeps the input) and the tests
/// that replay kept inputs report as a failure.
enum Fuzz {
    /// The tight limits every target parses with (`ParseLimits.fuzzing`).
    static let limits: ParseLimits = .fuzzing

    /// The limits as the library's checks take them.
    static let readLimits: ReadLimits = {
        var r = ReadLimits()
        r.maxNesting = limits.maxNesting
        r.maxBoxes = limits.maxBoxes
        r.maxItems = limits.maxItems
        r.maxExtentsPerItem = limits.maxExtentsPerItem
        r.maxReferences = limits.maxReferences
        r.maxXMPBytes = limits.maxXMPBytes
        r.maxPixels = limits.maxPixels
        r.maxAllocation = limits.maxAllocation
        return r
    }()

    /// The JSON rendering of `report` must be valid JSON.
    static func checkJSON(_ report: ValidationReport) throws(FuzzViolation) {
        let text = report.json()
        if !JSONSyntax.isValid(text) { throw FuzzViolation("JSON report is not valid JSON", text) }
    }

    /// A description of every issue must be buildable (string interpolation of offsets, paths).
    static func touch(_ issues: [ParseError]) -> Int {
        var n = 0
        for e in issues { n &+= e.description.utf8.count &+ e.path.utf8.count &+ e.offset }
        return n
    }
}
