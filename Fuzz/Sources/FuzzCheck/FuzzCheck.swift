import AuxData
import Container
import DepthCheckCore
import FuzzSupport

/// The whole `check` pipeline on one file: a report always comes back, its verdict agrees
/// with its findings, and its JSON is valid. Every other format (SARIF as valid JSON, text,
/// JUnit) is rendered for one input in 32: those renderers repeat the whole rule catalog,
/// which would otherwise take most of each run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheck(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let allFormats = bytes.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) } % 32 == 0
    checkPartialRead(bytes)
    for strict in [false, true] {
        var request = CheckRequest()
        request.strict = strict
        request.require = [.depth]
        request.limits = Fuzz.readLimits
        let report = request.check(bytes: bytes, path: "fuzz.bin")
        if report.verdict == .unreadable && report.readErrorMessage == nil {
            Fuzz.violated("unreadable report without a read error")
        }
        if report.verdict == .pass && report.findings.contains(where: { $0.severity >= request.failOn }) {
            Fuzz.violated("passing report with a failing finding")
        }
        // The strict report differs from the normal one in severities only; render it in full
        // with the other formats.
        if !strict || allFormats { Fuzz.checkJSON(report) }
        guard allFormats else { continue }
        let sarif = report.sarif()
        if !JSONSyntax.isValid(sarif) { Fuzz.violated("SARIF report is not valid JSON", sarif) }
        _ = report.text()
        _ = report.junit()
        if !strict && report.verdict == .unreadable { break }
    }
    return 0
}

/// An in-memory file for `PartialRead`.
struct MemoryFile: RandomAccessFile {
    let bytes: [UInt8]
    var size: Int { bytes.count }
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[range])) }
        return range.count
    }
}

/// What a check concludes from the bytes `PartialRead` loads is what it concludes from the
/// whole input: the partial path is taken whatever the input's size.
func checkPartialRead(_ bytes: [UInt8]) {
    var request = CheckRequest()
    request.limits = Fuzz.readLimits
    guard let partial = try? PartialRead.load(MemoryFile(bytes: bytes), limits: Fuzz.limits, readWholeBelow: 0) else {
        Fuzz.violated("partial read of an in-memory file failed")
        return
    }
    let whole = request.check(bytes: bytes, path: "fuzz.bin").json()
    let part = request.check(bytes: partial.bytes, path: "fuzz.bin").json()
    if whole != part { Fuzz.violated("a partial read changes the report", whole + "\n" + part) }
}
