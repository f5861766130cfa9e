import ArgumentParser
import DepthCheckCore

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the rule catalog.")
    /// What the catalog can be printed as.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "text or json") var format: Format = .text
    @Flag(help: "Short for --format json.") var json = false

    func run() throws {
        switch json ? .json : format {
        case .json: try StandardOutput.write(RuleCatalog.json())
        case .text: try StandardOutput.write(RuleCatalog.text())
        }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Explain a rule, or every rule of an area: what it checks, its source, the fix.")
    @Argument(help: "A rule id (matte.requires-depth) or an area (matte, structure.heif).") var rule: String

    func run() throws {
        guard let text = RuleCatalog.explanation(of: rule) else {
            throw CommandFailure(Exit.usage, Self.unknown(rule, RuleCatalog.ids.map(\.rawValue)))
        }
        try StandardOutput.write(text)
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
