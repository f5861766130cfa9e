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
        // The package's tests find the real-camera corpus where this suite does.
        env["DEPTHCHECK_REAL_CORPUS"] = TestData.realCorpus
        let r = try Tools.run(python, ["-m", "unittest", "discover", "-s", TestData.packageRoot + "/python/tests"], environment: env)
        let report = r.stderr
        #expect(r.status == 0, "\(report)")
        let ran = report.split(separator: "\n").first { $0.hasPrefix("Ran ") }
        let count = ran.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        #expect(count >= 20, "\(report)")
        // pyarrow and numpy are in the test environment, so nothing is skipped but the records of
        // the real-camera corpus when it is not there; the test below runs those alone.
        #expect(report.hasSuffix(FileBytes.exists(TestData.realCorpus) ? "\nOK\n" : "\nOK (skipped=1)\n"), "\(report)")
    }

    /// The records of every real camera file have exactly the keys the package's types declare.
    @Test(.requires(.pillowHEIF, .realCorpus)) func realCameraRecordsMatchThePackagesTypes() throws {
        let python = try #require(Tools.pyenvPython)
        var env = ProcessInfo.processInfo.environment
        env["DEPTHCHECK_BIN"] = Tools.depthcheck
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["DEPTHCHECK_REAL_CORPUS"] = TestData.realCorpus
        let r = try Tools.run(python, ["-m", "unittest", "test_api.RecordTypeTests.test_the_real_corpus_records_have_the_declared_keys"],
                              environment: env, directory: TestData.packageRoot + "/python/tests")
        #expect(r.status == 0 && r.stderr.hasSuffix("\nOK\n"), "\(r.stderr)")
    }
}
