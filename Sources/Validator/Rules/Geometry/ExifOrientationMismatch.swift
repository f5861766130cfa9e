import AuxData
import Container

/// A HEIF primary carries its display orientation twice: in `irot`/`imir`, which HEIF readers
/// apply, and in the Exif Orientation tag, which Exif-driven viewers apply. Apple writes both
/// and they agree (Orientation 6 with irot 270°); when they disagree, viewers show the photo
/// in different orientations. ISO/IEC 23008-12 §6.5.10 irot, §6.5.12 imir; CIPA DC-008
/// Orientation (tag 0x0112).
///
/// MIAF (ISO/IEC 23000-22) §7.3.10.1: "There should be no image transformations expressed by
/// Exif ... If present, they shall be ignored by a MIAF renderer". Orientation 1 beside
/// irot/imir is what MIAF asks for and passes; only an Exif Orientation that turns the picture
/// otherwise than irot/imir do is a finding (Exif-driven viewers would show it turned).
///
/// Both are compared as the same operation on the stored pixels (x right, y down): irot turns
/// anticlockwise, imir axis 0 mirrors left–right and axis 1 top–bottom, applied in ipma order.
struct ExifOrientationMismatch: Rule {
    /// displayed = M · stored for each Exif Orientation, M as (a, b, c, d) = [[a, b], [c, d]];
    /// Orientation n is `exif[n - 1]` (a list, not a dictionary: `ListSet` says why).
    static let exif: [[Int]] = [[1, 0, 0, 1], [-1, 0, 0, 1], [-1, 0, 0, -1], [1, 0, 0, -1],
                                [0, 1, 1, 0], [0, -1, 1, 0], [0, -1, -1, 0], [0, 1, -1, 0]]

    let info = RuleInfo(
        .geometryOrientationExifIrotMismatch, .warning,
        Citation(.miaf, "§7.3.10.1 (Exif transformations should not be present); ISO/IEC 23008-12 §6.5.10 irot, §6.5.12 imir; CIPA DC-008 Orientation (0x0112)"),
        summary: "A HEIF primary's Exif Orientation is 1, as MIAF asks, or describes the same rotation and mirroring as its irot and imir.",
        fix: "Set the Exif Orientation to 1, as MIAF §7.3.10.1 asks, or to the value irot/imir amount to for viewers that read only Exif (irot 270° is Orientation 6, 90° is 8, 180° is 3).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, let id = file.primaryItemID, let o = photo.primary.orientation,
              (1...8).contains(o) else { return .notApplicable }
        // MIAF §7.3.10.1: no Exif transformation at all is what a MIAF file should carry.
        if o == 1 { return .passed }
        let stated = Self.exif[o - 1]
        var m = [1, 0, 0, 1]
        for t in file.transforms(of: id) {
            switch t {
            case .irot(let r): for _ in 0..<(r.degrees / 90 % 4) { m = Self.multiply([0, 1, -1, 0], m) }
            case .imir(let x): m = Self.multiply(x.axis == 0 ? [-1, 0, 0, 1] : [1, 0, 0, -1], m)
            default: break
            }
        }
        guard m != stated else { return .passed }
        let equivalent = Self.exif.firstIndex(of: m).map { $0 + 1 } ?? 0
        let p = photo.primary
        return .from([info.finding(p.location.offset, p.location.path,
                                   "Exif Orientation \(o) but the primary's irot \(p.transforms.rotation ?? 0)°/imir \(p.transforms.mirrorAxis.map(String.init) ?? "none") amount to Orientation \(equivalent)")])
    }

    static func multiply(_ x: [Int], _ y: [Int]) -> [Int] {
        [x[0] * y[0] + x[1] * y[2], x[0] * y[1] + x[1] * y[3], x[2] * y[0] + x[3] * y[2], x[2] * y[1] + x[3] * y[3]]
    }
}

extension RuleID {
    /// `geometry.orientation.exif-irot-mismatch`, checked by this file's rule.
    package static let geometryOrientationExifIrotMismatch = RuleID(rawValue: "geometry.orientation.exif-irot-mismatch")
}
