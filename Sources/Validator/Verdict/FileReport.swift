import AuxData

/// The verdict on one file: the photo as its reader built it, and every rule's outcome.
/// Renderers (text, JSON, SARIF, JUnit, `info`) each render from these typed values.
package struct FileReport: Sendable {
    package typealias Verdict = FileVerdict

    package let path: String
    /// The container recognised from the first bytes; nil when it is neither JPEG nor HEIF.
    package let container: ContainerFormat?
    package let verdict: Verdict
    /// The photo as read; nil when the file could not be read.
    package let photo: ParsedPhoto?
    /// Every rule of the catalog with what it concluded, in catalog order (for `info`, only
    /// the rules that report reader problems).
    package let outcomes: [(rule: RuleInfo, outcome: RuleOutcome)]
    /// Why the file could not be read at all (I/O, not a JPEG or HEIF, unreadable header).
    package let readError: RuleFinding?

    /// The decoded aux images (`info`, `check --pixels`); empty when pixels were not decoded.
    package let pixels: [AuxPixelSummary]
    /// The pictures of the file's card in the HTML report; nil for every other format.
    package private(set) var visuals: FileVisuals?
    /// Aux images whose values no pixel rule judged (pixels were not decoded), kept when the
    /// photo is let go, for the batch's summary.
    package let auxImagesNotDecoded: Int

    package init(path: String, container: ContainerFormat?, verdict: Verdict, photo: ParsedPhoto?,
                outcomes: [(rule: RuleInfo, outcome: RuleOutcome)], readError: RuleFinding?, pixels: [AuxPixelSummary] = [],
                auxImagesNotDecoded: Int? = nil) {
        self.pixels = pixels
        self.auxImagesNotDecoded = auxImagesNotDecoded ?? (pixels.isEmpty ? photo?.auxImages.count ?? 0 : 0)
        self.visuals = nil
        self.path = path
        self.container = container
        self.verdict = verdict
        self.photo = photo
        self.outcomes = outcomes
        self.readError = readError
    }

    /// The same report with the pictures of its HTML card.
    package func with(visuals: FileVisuals?) -> FileReport {
        var r = self
        r.visuals = visuals
        return r
    }

    /// The report without the photo as read, its pixels and pictures: the verdict, outcomes and
    /// read error, all a batch's tally and messages need once the file's record is rendered.
    /// A batch's worker keeps this and lets the photo go where it was made, rather than in
    /// whichever worker writes the record: freeing a few hundred allocations on a thread
    /// that did not make them goes through the other thread's heap.
    package var withoutPhoto: FileReport {
        var r = FileReport(path: path, container: container, verdict: verdict, photo: nil, outcomes: outcomes, readError: readError,
                           auxImagesNotDecoded: auxImagesNotDecoded)
        r.keptAuxImageKinds = auxImageKinds
        return r
    }

    /// The kind of each aux image, a semantic matte's type in parentheses (`matte (hair)`), in
    /// the photo's order: what a summary of many files lists. Kept by `withoutPhoto`.
    package var auxImageKinds: [String] {
        keptAuxImageKinds ?? (photo?.auxImages ?? []).map(Self.kindLabel)
    }

    /// An aux image's kind as reports name it, a semantic matte's type in parentheses.
    package static func kindLabel(_ a: ParsedAuxImage) -> String {
        a.semanticMatte.map { "\(a.kind.rawValue) (\($0.rawValue))" } ?? a.kind.rawValue
    }

    private var keptAuxImageKinds: [String]?

    /// Every finding, the read error first.
    package var findings: [RuleFinding] {
        // Indexed: an outcome is not copied (with its rule's description) to read its findings.
        var all: [RuleFinding] = []
        if let readError { all.append(readError) }
        for i in outcomes.indices {
            if case .failed(let found) = outcomes[i].outcome { all.append(contentsOf: found) }
        }
        return all
    }

    package func count(_ severity: FindingSeverity) -> Int {
        findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }
}
