import AuxData
import Container

/// ispe gives the image size before decoding; without it readers cannot size the depth map or check its aspect.
extension ParseIssueRule {
    static let heifISPEMissing = ParseIssueRule(
        RuleInfo("structure.heif.ispe-missing", .error, Citation(.heif, "§6.5.3.1 ispe (every image item shall have ispe)"),
                 summary: "Every image item has an ispe property.",
                 fix: "Associate an ispe with the image's width and height with every image item."),
        codes: [.ispeMissing],
        container: .heif)
}
