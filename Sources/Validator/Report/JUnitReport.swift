/// JUnit XML as CI systems read it: one `testsuite` per file, one `testcase` per rule;
/// a failed rule is a `failure` listing its findings, a rule that does not apply is
/// `skipped`, and an unreadable file is one `error` test case.
public enum JUnitReport {
    public static func render(_ b: BatchReport) -> String {
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
                    fl += 1
                    let first = findings.first?.message ?? ""
                    cases += "\n      <failure message=\"\(XMLText.escape(first))\" type=\"\(rule.severity.rawValue)\">"
                    cases += XMLText.escape(findings.map(TextReport.line).joined(separator: "\n"))
                    cases += "</failure>\n    </testcase>\n"
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
