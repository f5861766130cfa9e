import AuxData
import Container

/// A grid with the wrong number of tiles cannot be assembled; Apple stores primaries and gain maps as grids.
extension ParseIssueRule {
    static let heifGridInvalid = ParseIssueRule(
        RuleInfo("structure.heif.grid-invalid", .error, Citation(.heif, "§6.6.2.3 grid (rows × columns tiles via dimg)"),
                 summary: "A grid item's descriptor is readable and it has rows × columns dimg tiles.",
                 fix: "Rewrite the grid descriptor or the dimg references so they agree."),
        codes: [.gridInvalid, .gridTileCountMismatch],
        container: .heif)
}
