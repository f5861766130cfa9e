import AuxData
import Container

/// A file-level `meta` whose handler is not `pict` is not an image meta box: ISO/IEC 23008-12
/// §6.2 stores image items in a MetaBox whose HandlerBox has handler_type `pict`, and readers
/// (libheif: "Not a 'pict' handler") refuse another; depthcheck would otherwise read the items
/// of a `vide` or `meta` handler as a photo.
struct HEIFHandlerNotPict: Rule {
    let info = RuleInfo(
        .structureHEIFHandlerNotPict, .error, Citation(.heif, "§6.2 (image items are in a meta box with handler 'pict')"),
        summary: "The file-level meta box's handler is 'pict'.",
        fix: "Set the hdlr box's handler_type to 'pict'.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        // A missing hdlr is structure.heif.box-invalid's.
        guard let h = file.handler else { return .notApplicable }
        guard h.handlerType != "pict" else { return .passed }
        return .from([info.finding(file.meta.header.offset, "meta/hdlr", "handler_type is '\(h.handlerType)', not 'pict'")])
    }
}

extension RuleID {
    /// `structure.heif.handler-not-pict`, checked by this file's rule.
    package static let structureHEIFHandlerNotPict = RuleID(rawValue: "structure.heif.handler-not-pict")
}
