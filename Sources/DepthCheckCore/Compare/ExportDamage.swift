import AuxData
import Validator

/// `check`'s findings that say an export was cut off inside a structure, so that what its
/// reader finds is not what the file was meant to hold: an aux image missing from such an
/// export is not known to be stripped.
///
/// An MP index that names images past a clean end of the file
/// (`structure.mpf.entry-offset-out-of-bounds`) is not among them: that is what a writer that
/// drops the trailer leaves (ExifTool's `-trailer:all=`), a strip and not a cut.
enum ExportDamage {
    /// The rules whose findings mean a structure runs past the end of the file or cannot be read.
    static let rules: [RuleID] = [.structureMPFImageTruncated, .structureJPEGSegmentInvalid, .structureHEIFBoxSize,
                                  .structureHEIFIlocExtentOutOfBounds, .structureFileMalformed]

    /// The export's errors of those rules that the original's check does not have.
    static func findings(in export: [Finding], notIn original: [Finding]) -> [Finding] {
        export.filter { f in
            f.severity == .error && rules.contains(f.rule) && !original.contains { $0.rule == f.rule }
        }
    }

    /// Whether `finding` is placed at the aux image `aux`'s coded data.
    static func isAt(_ finding: Finding, _ aux: ParsedAuxImage) -> Bool {
        guard let offset = finding.offset else { return false }
        return offset == aux.coded.location.offset || offset == aux.coded.dataRange?.lowerBound
    }
}
