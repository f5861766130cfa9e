import Validator

/// The rule catalog as `depthcheck rules` lists it and `depthcheck explain` explains it.
package enum RuleCatalog {
    /// Every rule's id, in catalog order.
    package static var ids: [RuleID] { Validation.catalog.map(\.info.id) }

    /// Whether `selector` names a rule by its id, or an area of rules (`geometry.content`,
    /// `structure.heif`), as `explain` and `CheckRequest.ignoredRules` take it.
    package static func names(_ selector: String) -> Bool {
        !selector.isEmpty && ids.contains { $0.rawValue == selector || $0.rawValue.hasPrefix(selector + ".") }
    }

    /// One line a rule: id, severity and summary, with the note on when its severity changes.
    package static func text() -> String {
        let catalog = Validation.catalog.map(\.info)
        let width = catalog.map(\.id.rawValue.count).max() ?? 0
        var text = ""
        for r in catalog {
            let pad = String(repeating: " ", count: width - r.id.rawValue.count)
            text += "\(r.id)\(pad)  \(r.severity.rawValue + String(repeating: " ", count: 7 - r.severity.rawValue.count))  \(r.summary)"
                + (r.severityNote.map { " (Severity: \($0).)" } ?? "") + "\n"
        }
        return text
    }

    /// The catalog as one JSON document, with a final newline.
    package static func json() -> String { JSONReport.catalog(Validation.catalog.map(\.info)).rendered() + "\n" }

    /// What the rule named `id` checks, its source and the fix; for an area (`matte`,
    /// `structure.heif`), every rule of it in turn. Nil when `id` names neither.
    package static func explanation(of id: String) -> String? {
        let infos = Validation.catalog.map(\.info)
        if let r = infos.first(where: { $0.id.rawValue == id }) { return ExplainText.text(r) }
        let area = infos.filter { $0.id.rawValue.hasPrefix(id + ".") }
        return area.isEmpty ? nil : area.map(ExplainText.text).joined(separator: "\n")
    }
}
