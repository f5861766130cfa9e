import Validator
import AuxData
import Container
/// JUnit XML as CI systems read it: one `testsuite` per file, one `testcase` per rule that
/// applied; a rule with findings at or above `failOn` is a `failure` listing them, and an
/// unreadable file is one `error` test case. A rule that does not apply is left out (CI
/// dashboards flag skipped tests), or, with `notApplicable`, listed as `skipped`. Findings below
/// `failOn` do not fail the file, so they must not fail the build either: they are listed
/// in the test case's `system-out`, where CI shows them without counting a failure.
package enum JUnitReport {
    /// Test counts of a suite or of the whole document.
    struct Counts {
        var tests = 0, failures = 0, errors = 0, skipped = 0

        static func += (a: inout Counts, b: Counts) {
            a.tests += b.tests; a.failures += b.failures; a.errors += b.errors; a.skipped += b.skipped
        }
    }

    package static func render(_ b: BatchReport, failOn: FindingSeverity = .error, notApplicable: Bool = false) -> String {
        var total = Counts()
        var suites = ""
        for f in b.files {
            let (xml, counts) = suite(f, failOn: failOn, notApplicable: notApplicable)
            suites += xml
            total += counts
        }
        return document(suites, total)
    }

    static func document(_ suites: String, _ c: Counts) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"depthcheck\" tests=\"\(c.tests)\" failures=\"\(c.failures)\" errors=\"\(c.errors)\" skipped=\"\(c.skipped)\">\n"
            + suites + "</testsuites>\n"
    }

    /// One file's `testsuite` and its counts.
    static func suite(_ f: FileReport, failOn: FindingSeverity, notApplicable: Bool = false) -> (String, Counts) {
        var c = Counts()
        var cases = ""
        let cls = XMLText.escape(f.path)
        if let e = f.readError {
            c.tests += 1; c.errors += 1
            cases += "    <testcase classname=\"\(cls)\" name=\"\(XMLText.escape(e.rule.rawValue))\">\n"
            cases += "      <error message=\"\(XMLText.escape(e.message))\" type=\"\(e.rule)\"/>\n"
            cases += "    </testcase>\n"
        }
        for (rule, outcome) in f.outcomes {
            if case .notApplicable = outcome, !notApplicable { continue }
            c.tests += 1
            cases += "    <testcase classname=\"\(cls)\" name=\"\(XMLText.escape(rule.id.rawValue))\">"
            switch outcome {
            case .passed:
                cases += "</testcase>\n"
            case .notApplicable:
                c.skipped += 1
                cases += "<skipped/></testcase>\n"
            case .failed(let findings):
                if findings.contains(where: { $0.severity >= failOn }) { c.failures += 1 }
                cases += "\n" + failed(findings, failOn: failOn) + "    </testcase>\n"
            }
        }
        let head = "  <testsuite name=\"\(cls)\" tests=\"\(c.tests)\" failures=\"\(c.failures)\" errors=\"\(c.errors)\" skipped=\"\(c.skipped)\">\n"
        return (head + cases + "  </testsuite>\n", c)
    }

    /// The body of a failed rule's test case: a `failure` for findings at or above `failOn`,
    /// `system-out` for the others.
    static func failed(_ findings: [RuleFinding], failOn: FindingSeverity) -> String {
        var out = ""
        let failing = findings.filter { $0.severity >= failOn }
        let other = findings.filter { $0.severity < failOn }
        if let first = failing.first {
            let worst = failing.map(\.severity).max() ?? first.severity
            out += "      <failure message=\"\(XMLText.escape(first.message))\" type=\"\(worst.rawValue)\">"
            out += XMLText.escape(failing.map(TextReport.line).joined(separator: "\n"))
            out += "</failure>\n"
        }
        if !other.isEmpty {
            out += "      <system-out>"
            out += XMLText.escape(other.map(TextReport.line).joined(separator: "\n"))
            out += "</system-out>\n"
        }
        return out
    }
}
