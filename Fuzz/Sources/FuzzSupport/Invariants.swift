#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Container
import Validator

/// What every fuzz target shares: tight limits, and a way to stop on a broken invariant so
/// libFuzzer saves the input as a crash.
public enum Fuzz {
    /// Limits small enough that anything the input can make the parsers allocate stays well
    /// under libFuzzer's `-malloc_limit_mb` (run.sh sets 256): an allocation above it is a
    /// missing limit check, and libFuzzer reports it as a crash.
    public static let limits: ParseLimits = {
        var l = ParseLimits()
        l.maxXMPBytes = 4 << 20
        l.maxPixels = 16 << 20
        l.maxAllocation = 64 << 20
        l.maxBoxes = 20_000
        l.maxItems = 4_096
        l.maxReferences = 20_000
        return l
    }()

    /// Prints the broken invariant and aborts; libFuzzer keeps the input as `crash-*`.
    public static func violated(_ what: String, _ detail: String = "") -> Never {
        let text = "fuzz invariant violated: \(what)\n\(detail.prefix(4000))\n"
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        abort()
    }

    /// The JSON rendering of `report` (compact, and pretty when asked) must be valid JSON.
    public static func checkJSON(_ report: FileReport, pretty alsoPretty: Bool = true) {
        let value = JSONReport.file(report)
        for pretty in alsoPretty ? [false, true] : [false] {
            let text = value.rendered(pretty: pretty)
            if !JSONSyntax.isValid(text) { violated("JSON report is not valid JSON", text) }
        }
    }

    /// A description of every issue must be buildable (string interpolation of offsets, paths).
    public static func touch(_ issues: [ParseError]) -> Int {
        var n = 0
        for e in issues { n &+= e.description.utf8.count &+ e.path.utf8.count &+ e.offset }
        return n
    }
}
