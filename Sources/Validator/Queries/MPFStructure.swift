import AuxData
import Container

/// What the MPF rules read from a JPEG file's structure, and how they grade it.
enum MPFStructure {
    /// A rule about the MPF index applies when the primary has one; a finding makes it fail
    /// even without one (a broken index may not count as present).
    static func outcome(_ findings: [Finding], _ file: JPEG.File) -> RuleOutcome {
        if findings.isEmpty && file.mpf == nil { return .notApplicable }
        return .from(findings)
    }
}
