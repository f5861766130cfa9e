#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Container
import DepthCheckCore

/// What every fuzz target shares: tight limits, and a way to stop on a broken invariant so
/// libFuzzer saves the input as a crash.
public enum Fuzz {
    /// The tight limits every target parses with (`ParseLimits.fuzzing`, FuzzLimits.swift,
    /// shared with the tests that replay the crashers).
    public static let limits: ParseLimits = .fuzzing

    /// Prints the broken invariant and aborts; libFuzzer keeps the input as `crash-*`.
    public static func violated(_ what: String, _ detail: String = "") -> Never {
        let text = "fuzz invariant violated: \(what)\n\(detail.prefix(4000))\n"
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }

    /// The limits as the library's checks take them.
    public static let readLimits: ReadLimits = {
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
    public static func checkJSON(_ report: ValidationReport) {
        let text = report.json()
        if !JSONSyntax.isValid(text) { violated("JSON report is not valid JSON", text) }
    }

    /// A description of every issue must be buildable (string interpolation of offsets, paths).
    public static func touch(_ issues: [ParseError]) -> Int {
        var n = 0
        for e in issues { n &+= e.description.utf8.count &+ e.path.utf8.count &+ e.offset }
        return n
    }
}
