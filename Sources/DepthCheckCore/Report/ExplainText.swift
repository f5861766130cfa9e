import Validator
import AuxData
import Container
/// What `depthcheck explain` prints for a rule, and the same words as Markdown for SARIF's
/// `help`, so a CI viewer shows the explanation a user would get on the command line.
package enum ExplainText {
    package static func text(_ r: RuleInfo) -> String {
        """
        \(r.id) (\(r.severity.rawValue))
          \(r.summary)
          source: \(r.citation)
          fix:    \(r.fix)
        \(r.severityNote.map { "  severity: \($0)\n" } ?? "")
        """
    }

    package static func markdown(_ r: RuleInfo) -> String {
        "**\(escape(r.id.rawValue))** (\(r.severity.rawValue))\n\n\(escape(r.summary))\n\n"
            + "- source: \(escape(r.citation.description))\n- fix: \(escape(r.fix))\n"
            + (r.severityNote.map { "- severity: \(escape($0))\n" } ?? "")
    }

    /// Backslash-escapes the characters Markdown would read as emphasis, code or links.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            if "\\`*_[]<>".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
