import Container

/// Google's GContainer directory in a primary image's XMP, as the Android Ultra HDR Image
/// Format lays it out ("Container element", "Item element"): `Container:Directory`, an
/// ordered array whose items each wrap one `Container:Item` with `Item:Semantic` (`Primary`,
/// `GainMap`), `Item:Mime`, `Item:Length` and `Item:Padding`. The media items follow the
/// primary image in directory order, tightly packed; the first is the primary itself.
///
/// Namespaces `http://ns.google.com/photos/1.0/container/` and `…/container/item/`, which are
/// not Dynamic Depth's (`DynamicDepthDescription`) though the shapes are alike.
package struct GContainerDescription: Sendable, Equatable {
    package struct Item: Sendable, Equatable {
        package var semantic: String?
        package var mime: String?
        /// Bytes of the item; "Required for secondary media items".
        package var length: Int?
        /// Bytes between this item and the next; 0 when absent.
        package var padding: Int?

        init(fields: [XMPProperty], problems: inout [String]) {
            var r = XMPFieldReader(namespace: XMPNamespace.gContainerItem, fields: fields)
            semantic = r.text("Semantic")
            mime = r.text("Mime")
            length = r.int("Length")
            padding = r.int("Padding")
            problems += r.problems
        }

        package var isGainMap: Bool { semantic.map { XMPFieldReader.trimmed($0) == "GainMap" } ?? false }
    }

    /// The directory, in order; the first item is the primary image.
    package var items: [Item]
    package var problems: [String]
    /// The packet offset of `Container:Directory`, for findings.
    package var offset: Int?

    /// The directory of a packet, nil when it has no `Container:Directory`.
    package init?(_ document: XMPDocument) {
        guard let dir = document.properties(in: XMPNamespace.gContainer).first(where: { $0.name == "Directory" }) else { return nil }
        var problems: [String] = []
        items = DynamicDepthDescription.entries(dir.value, wrapper: (XMPNamespace.gContainer, "Item"), "Container:Directory", &problems)
            .map { Item(fields: $0, problems: &problems) }
        self.problems = problems
        offset = dir.offset
    }

    /// The position of the gain map item among the media items after the primary (0 for the
    /// first secondary image), nil when the directory names none.
    package var gainMapPosition: Int? {
        guard let i = items.firstIndex(where: \.isGainMap), i > 0 else { return nil }
        return i - 1
    }

    /// Where each secondary item starts and ends, counted from the end of the primary image:
    /// lengths and paddings summed in directory order ("Item element": the location of a media
    /// item is the primary's length plus every earlier item's Length and Padding). Nil from the
    /// first item without a length (or with a negative one).
    package func secondaryRanges(after primaryEnd: Int) -> [Range<Int>?] {
        var out: [Range<Int>?] = []
        var at: Int? = primaryEnd +? max(0, items.first?.padding ?? 0)
        for item in items.dropFirst() {
            guard let start = at, let n = item.length, n > 0, let end = start +? n else {
                out.append(nil)
                at = nil
                continue
            }
            out.append(start..<end)
            at = end +? max(0, item.padding ?? 0)
        }
        return out
    }
}
