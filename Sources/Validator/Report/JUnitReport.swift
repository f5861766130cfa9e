/// JUnit XML as CI systems read it: one `testsuite` per file, one `testcase` per rule;
/// a rule with findings at or above `failOn` is a `failure` listing them, a rule that does
/// not apply is `skipped`, and an unreadable file is one `error` test case. Findings below
/// `failOn` do not fail the file, so they must not fail the build either: they are listed
/// in the test case's `system-out`, where CI shows them without counting a failure.
public enum JUnitReport {
    public static func render(_ b: BatchReport, failOn: Severity = .error) -> String {
        var tests = 0, failures = 0, errors = 0, skipped = 0
        var suites = ""
        for f in b.files {
            var t = 0, fl = 0, er = 0, sk = 0
            var cases = ""
            let cls = XMLText.escape(f.path)
            if let e = f.readError {
                t += 1; er += 1
                cases += "    <testcase classname=\"\(cls)\" name=\"\(XMLText.escape(e.rule))\">\n"
                cases += "      <error message=\"\(XMLText.escape(e.message))\" type=\"\(e.rule)\"/>\n"
                cases += "    </testcase>\n"
            }
            for (rule, outcome) in f.outcomes {
                t += 1
                cases += "    <testcase classname=\"\(cls)\" name=\"\(XMLText.escape(rule.id))\">"
                switch outcome {
                case .passed:
                    cases += "</testcase>\n"
                case .notApplicable:
                    sk += 1
                    cases += "<skipped/></testcase>\n"
                case .failed(let findings):
                    let failing = findings.filter { $0.severity >= failOn }
                    let other = findings.filter { $0.severity < failOn }
                    cases += "\n"
                    if let first = failing.first {
                        fl += 1
                        let worst = failing.map(\.severity).max() ?? first.severity
                        cases += "      <failure message=\"\(XMLText.escape(first.message))\" type=\"\(worst.rawValue)\">"
                        cases += XMLText.escape(failing.map(TextReport.line).joined(separator: "\n"))
                        cases += "</failure>\n"
                    }
                    if !other.isEmpty {
                        cases += "      <system-out>"
                        cases += XMLText.escape(other.map(TextReport.line).joined(separator: "\n"))
                        cases += "</system-out>\n"
                    }
                    cases += "    </testcase>\n"
                }
            }
            suites += "  <testsuite name=\"\(cls)\" tests=\"\(t)\" failures=\"\(fl)\" errors=\"\(er)\" skipped=\"\(sk)\">\n"
            suites += cases
            suites += "  </testsuite>\n"
            tests += t; failures += fl; errors += er; skipped += sk
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"depthcheck\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\">\n"
            + suites + "</testsuites>\n"
    }
}
