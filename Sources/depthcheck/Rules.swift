import ArgumentParser
import Validator

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the rule catalog.")
    @Option(help: "text or json") var format: ReportFormat = .text

    func run() throws {
        let catalog = Validation.catalog.map(\.info)
        switch format {
        case .json:
            try StandardOutput.write(JSONReport.catalog(catalog).rendered() + "\n")
        default:
            let width = catalog.map(\.id.count).max() ?? 0
            var text = ""
            for r in catalog {
                let pad = String(repeating: " ", count: width - r.id.count)
                text += "\(r.id)\(pad)  \(r.severity.rawValue + String(repeating: " ", count: 7 - r.severity.rawValue.count))  \(r.summary)\n"
            }
            try StandardOutput.write(text)
        }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Explain one rule: what it checks, its source, the fix.")
    @Argument(help: "A rule id, e.g. matte.requires-depth") var rule: String

    func run() throws {
        guard let r = Validation.catalog.map(\.info).first(where: { $0.id == rule }) else {
            throw ValidationError("no rule named '\(rule)'; `depthcheck rules` lists them")
        }
        try StandardOutput.write(ExplainText.text(r))
    }
}
