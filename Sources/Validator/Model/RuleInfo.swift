/// The fixed description of a rule: its stable id, severity, source and advice.
///
/// Ids are dotted `area.subject.problem`; the first segment is the area (`structure`,
/// `dictionary`, `geometry`, `matte`, `google`, `gainmap`, `pixels`). An id is never renumbered or reused.
package struct RuleInfo: Sendable, Equatable {
    /// The fields, behind one reference: a rule's description is copied with every outcome
    /// of every file (into the report, out of each rule's existential), and a copy of four
    /// strings retained each of them.
    private final class Fields: Sendable {
        let id: RuleID
        let severity: FindingSeverity
        let citation: Citation
        let summary: String
        let fix: String
        let severityNote: String?

        init(id: RuleID, severity: FindingSeverity, citation: Citation, summary: String, fix: String, severityNote: String?) {
            self.id = id
            self.severity = severity
            self.citation = citation
            self.summary = summary
            self.fix = fix
            self.severityNote = severityNote
        }
    }

    private let fields: Fields

    package var id: RuleID { fields.id }
    package var severity: FindingSeverity { fields.severity }
    package var citation: Citation { fields.citation }
    /// One line: what must hold.
    package var summary: String { fields.summary }
    /// One line: how to make a failing file pass.
    package var fix: String { fields.fix }
    /// When the rule reports at another severity than its own, and why (a known writer's
    /// habit that readers absorb, padding); nil when every finding has the rule's severity.
    /// `--strict` raises every warning to an error besides.
    package var severityNote: String? { fields.severityNote }

    package init(_ id: RuleID, _ severity: FindingSeverity, _ citation: Citation, summary: String, fix: String, severityNote: String? = nil) {
        fields = Fields(id: id, severity: severity, citation: citation, summary: summary, fix: fix, severityNote: severityNote)
    }

    package static func == (a: RuleInfo, b: RuleInfo) -> Bool {
        a.fields === b.fields || (a.id == b.id && a.severity == b.severity && a.citation == b.citation
                                  && a.summary == b.summary && a.fix == b.fix && a.severityNote == b.severityNote)
    }

    package var area: String { id.area }

    /// A finding of this rule at its own severity.
    package func finding(_ offset: Int?, _ path: String, _ message: String, severity: FindingSeverity? = nil) -> RuleFinding {
        RuleFinding(rule: id, severity: severity ?? self.severity, offset: offset, path: path, message: message)
    }
}
