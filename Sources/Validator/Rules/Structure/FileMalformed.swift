extension ReaderProblemRule {
    /// Problems no other rule owns: a parser change can never make one disappear.
    static let malformed = ReaderProblemRule(
        RuleInfo(.structureFileMalformed, .error,
                 Citation(.isobmff, "§4.2 box sizes; ITU-T T.81 Annex B.1.1.4 marker segment lengths; CIPA DC-008 §4.6.2 IFD structure"),
                 summary: "The file's structures are well-formed (problems not covered by a more specific rule).",
                 fix: "Re-export the file; the finding names the structure and offset that could not be read."),
        codes: [], container: nil)
}

extension RuleID {
    /// `structure.file.malformed`, checked by this file's rule.
    package static let structureFileMalformed = RuleID(rawValue: "structure.file.malformed")
}
