/// One line of a comparison run: a pair of files and what became of the original's aux
/// images, or why there is no pair (folder mode) or no comparison (a side unreadable).
public struct ComparedPair: Sendable {
    /// What the run says of the pair.
    public enum Outcome: Sendable {
        /// Both files read and compared.
        case compared(PhotoComparison)
        /// An original no export matches.
        case unpairedOriginal
        /// An export no original matches.
        case unpairedExport
        /// Several files share the key; `others` are the rest of them.
        case ambiguous(others: [String])
        /// A side cannot be read, with the reason.
        case error(String)
        /// A pair `FolderPairing` found, which `compared(_:)` has not compared yet.
        case matched
    }

    /// The original's path; nil for an export no original matches.
    public let original: String?
    /// The export's path; nil for an original no export matches.
    public let export: String?
    /// What the run says of the pair.
    public let outcome: Outcome

    /// A pair of paths and what is known of them.
    public init(original: String?, export: String?, outcome: Outcome) {
        self.original = original
        self.export = export
        self.outcome = outcome
    }

    /// `ok`, `stripped`, `changed`, `orphaned`, `added`, `unpaired-original`,
    /// `unpaired-export`, `ambiguous` or `error`: the names `--fail-on` takes.
    public var verdict: String {
        switch outcome {
        case .compared(let c): return c.verdict.rawValue
        case .unpairedOriginal: return "unpaired-original"
        case .unpairedExport: return "unpaired-export"
        case .ambiguous: return "ambiguous"
        case .error, .matched: return "error"
        }
    }

    /// The pair with its comparison, or the reason one side cannot be read.
    public func compared(_ outcome: Outcome) -> ComparedPair {
        ComparedPair(original: original, export: export, outcome: outcome)
    }

    /// Every verdict a pair can have, in the order summaries list them.
    public static let verdicts = ["ok", "stripped", "changed", "orphaned", "added", "unpaired-original", "unpaired-export",
                                  "ambiguous", "error"]
    /// The verdicts that fail a run unless `--fail-on` says otherwise.
    /// An ambiguous original is one nothing was compared for: it fails as an unpaired one does.
    public static let failingByDefault = ["stripped", "changed", "orphaned", "unpaired-original", "ambiguous", "error"]
}
