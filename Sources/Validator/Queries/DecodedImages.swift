import AuxData

extension PixelRule {
    /// The aux images `select` picks, each with what its decode gave. Not applicable when no
    /// picked image has a summary (none decoded, or none of the kind the rule judges).
    func overDecoded(_ photo: ParsedPhoto, _ pixels: [AuxPixelSummary], where select: (ParsedAuxImage) -> Bool = { _ in true },
                     _ check: (ParsedAuxImage, AuxPixelSummary) -> [RuleFinding]) -> RuleOutcome {
        let byIndex = Dictionary(pixels.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        var findings: [RuleFinding] = []
        var judged = false
        for aux in photo.auxImages where select(aux) {
            guard let summary = byIndex[aux.index] else { continue }
            judged = true
            findings += check(aux, summary)
        }
        return judged ? .from(findings) : .notApplicable
    }

    /// As `overDecoded`, over the images that decoded only: a rule about samples has nothing
    /// to judge in an image without them (`pixels.aux.undecodable` reports those).
    func overSamples(_ photo: ParsedPhoto, _ pixels: [AuxPixelSummary], where select: (ParsedAuxImage) -> Bool,
                     _ check: (ParsedAuxImage, AuxPixelSummary.Decoded) -> [String]) -> RuleOutcome {
        overDecoded(photo, pixels.filter { $0.decoded != nil }, where: select) { aux, summary in
            guard let d = summary.decoded else { return [] }
            return check(aux, d).map { info.finding(aux.location.offset, aux.location.path, $0) }
        }
    }
}

extension ParsedAuxImage {
    /// Describes the image in a message: `disparity image 2`.
    var named: String { "\(kind.rawValue) image \(index)" }
}
