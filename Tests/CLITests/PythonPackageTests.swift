import Foundation
import Testing
import TestSupport

/// The Python package (`python/`, standard library only) against this build's binary: its own
/// unittest suite (one result per path in order, odd names round-trip, the exit convention,
/// missing lines and a killed process raise, the binary search names where it looked, Parquet).
@Suite struct PythonPackageTests {
    @Test(.requires(.pillowHEIF)) func itsTestsPassAgainstThisBinary() throws {
        let python = try #require(Tools.pyenvPython)
        var env = ProcessInfo.processInfo.environment
        env["DEPTHCHECK_BIN"] = Tools.depthcheck
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        let r = try Tools.run(python, ["-m", "unittest", "discover", "-s", TestData.packageRoot + "/python/tests"], environment: env)
        let report = r.stderr
        #expect(r.status == 0, "\(report)")
        let ran = report.split(separator: "\n").first { $0.hasPrefix("Ran ") }
        let count = ran.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        #expect(count >= 20, "\(report)")
        // pyarrow is in the test environment, so nothing is skipped.
        #expect(report.hasSuffix("\nOK\n"), "\(report)")
    }
}
