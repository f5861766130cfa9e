import AuxData
import Container
import DepthCheckCore

extension FuzzTarget {
    /// The whole `check` pipeline on one file: a report always comes back, its verdict agrees
    /// with its findings, and its JSON is valid. Every other format (SARIF as valid JSON, text,
    /// JUnit) is rendered for one input in 32: those renderers repeat the whole rule catalog,
    /// which would otherwise take most of each run.
    static func check(_ bytes: [UInt8]) throws(FuzzViolation) {
        let allFormats = bytes.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) } % 32 == 0
        try checkPartialRead(bytes)
        for strict in [false, true] {
            var request = CheckRequest()
            request.strict = strict
            request.require = [.depth]
            request.limits = Fuzz.readLimits
            let report = request.check(bytes: bytes, path: "fuzz.bin")
            if report.verdict == .unreadable && report.readErrorMessage == nil {
                throw FuzzViolation("unreadable report without a read error")
            }
            if report.verdict == .pass && report.findings.contains(where: { $0.severity >= request.failOn }) {
                throw FuzzViolation("passing report with a failing finding")
            }
            // The strict report differs from the normal one in severities only; render it in
            // full with the other formats.
            if !strict || allFormats { try Fuzz.checkJSON(report) }
            guard allFormats else { continue }
            let sarif = report.sarif()
            if !JSONSyntax.isValid(sarif) { throw FuzzViolation("SARIF report is not valid JSON", sarif) }
            _ = report.text()
            _ = report.junit()
            if !strict && report.verdict == .unreadable { break }
        }
    }

    /// What a check concludes from the bytes `PartialRead` loads is what it concludes from the
    /// whole input: the partial path is taken whatever the input's size.
    static func checkPartialRead(_ bytes: [UInt8]) throws(FuzzViolation) {
        var request = CheckRequest()
        request.limits = Fuzz.readLimits
        guard let partial = try? PartialRead.load(MemoryFile(bytes: bytes), limits: Fuzz.limits, readWholeBelow: 0) else {
            throw FuzzViolation("partial read of an in-memory file failed")
        }
        let whole = request.check(bytes: bytes, path: "fuzz.bin").json()
        let part = request.check(bytes: partial.bytes, path: "fuzz.bin").json()
        if whole != part { throw FuzzViolation("a partial read changes the report", whole + "\n" + part) }
    }
}
