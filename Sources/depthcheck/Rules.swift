import ArgumentParser
import Validator

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the rule catalog.")
    /// What the catalog can be printed as.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "text or json") var format: Format = .text
    @Flag(help: "Short for --format json.") var json = false

    func run() throws {
        let catalog = Validation.catalog.map(\.info)
        let format = json ? .json : self.format
        switch format {
        case .json:
            try StandardOutput.write(JSONReport.catalog(catalog).rendered() + "\n")
        case .text:
            let width = catalog.map(\.id.count).max() ?? 0
            var text = ""
            for r in catalog {
                let pad = String(repeating: " ", count: width - r.id.count)
                text += "\(r.id)\(pad)  \(r.severity.rawValue + String(repeating: " ", count: 7 - r.severity.rawValue.count))  \(r.summary)"
                    + (r.severityNote.map { " (Severity: \($0).)" } ?? "") + "\n"
            }
            try StandardOutput.write(text)
        }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Explain a rule, or every rule of an area: what it checks, its source, the fix.")
    @Argument(help: "A rule id (matte.requires-depth) or an area (matte, structure.heif).") var rule: String

    func run() throws {
        let infos = Validation.catalog.map(\.info)
        if let r = infos.first(where: { $0.id == rule }) {
            return try StandardOutput.write(ExplainText.text(r))
        }
        // An area: each of its rules, one after the other.
        let area = infos.filter { $0.id.hasPrefix(rule + ".") }
        guard !area.isEmpty else { throw CommandFailure(Exit.usage, Self.unknown(rule, infos.map(\.id))) }
        try StandardOutput.write(area.map(ExplainText.text).joined(separator: "\n"))
    }

    /// What to say for an id that names neither a rule nor an area: the nearest ids.
    static func unknown(_ rule: String, _ ids: [String]) -> String {
        var near = Suggestion.nearest(to: rule, in: ids)
        if near.isEmpty {
            // A rule's last words alone (`requires-depth`) find it too.
            near = ids.filter { $0.hasSuffix("." + rule) || $0.split(separator: ".").last.map(String.init) == rule }
        }
        let hint = near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
        return "no rule named '\(rule)'\(hint) (`depthcheck rules` lists them)"
    }
}
