import AuxData
import Container

/// Dynamic Depth concatenates item payloads after the primary's EOI in Directory order; each
/// item's Length includes its Padding, and together they must fit the bytes that follow.
struct DynamicDepthItemsFit: Rule {
    let info = RuleInfo(
        .googleDynamicDepthItemsOutOfBounds, .error,
        Citation(.dynamicDepth, "§Container: Item:Length, Item:Padding; payloads follow the primary image"),
        summary: "Dynamic Depth items (Length > Padding) fit in the bytes after the primary image.",
        fix: "Write each Container:Item Length as its payload size plus padding, in file order.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let dd = photo.dynamicDepth, !dd.items.isEmpty else { return .notApplicable }
        let trailer = photo.trailer ?? 0..<0
        var out: [RuleFinding] = []
        for (i, item) in dd.items.enumerated() {
            let length = item.length ?? 0
            let padding = item.padding ?? 0
            if i > 0, length <= padding {
                out.append(info.finding(nil, "APP1/XMP/Container:Directory[\(i + 1)]",
                                        "item \(i + 1) (\(item.mime ?? "?")) has Length \(length) not above Padding \(padding)"))
            }
        }
        let total = dd.payloadLength
        if total > trailer.count {
            out.append(info.finding(trailer.lowerBound, "trailer",
                                    "items need \(total) bytes after the primary image but \(trailer.count) follow"))
        }
        return .from(out)
    }
}

extension RuleID {
    /// `google.dynamic-depth.items-out-of-bounds`, checked by this file's rule.
    package static let googleDynamicDepthItemsOutOfBounds = RuleID(rawValue: "google.dynamic-depth.items-out-of-bounds")
}
