import AuxData
import Container

/// The GContainer directory locates the items after the primary by their lengths ("Item
/// element": a media item starts after the primary and every earlier item's `Item:Length` and
/// `Item:Padding`); a gain map item's `Item:Length` is "the length in bytes of the item". A
/// length that is not the gain map image's sends readers that follow the directory to the
/// wrong bytes (libultrahdr finds the image by its markers and does not notice).
struct GainMapDirectoryLength: Rule {
    let info = RuleInfo(
        .gainmapDirectoryLengthMismatch, .warning,
        Citation(.ultraHDR, "Item element (Item:Length, the length in bytes of the item; items tightly packed in directory order)"),
        summary: "The GContainer GainMap item's Item:Length is the byte length of the gain map image it locates.",
        fix: "Write Item:Length as the gain map JPEG's size in bytes (SOI to EOI, padding in Item:Padding).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let d = photo.gainMapDeclaration, let dir = d.directory, let p = dir.gainMapPosition,
              let length = dir.items[p + 1].length else { return .notApplicable }
        guard let map = photo.auxImages.first(where: { $0.kind == .hdrGainMap }), let data = map.coded.dataRange else {
            return .notApplicable
        }
        let padding = max(0, dir.items[p + 1].padding ?? 0)
        // The image's own bytes, or the bytes up to the next image when padding follows it.
        guard length != data.count, length +? padding != data.count else { return .passed }
        let at = d.directoryLocation ?? map.coded.location
        return .from([info.finding(at.offset, at.path, "Item:Length of the GainMap item is \(length) bytes; the gain map image (image \(map.index)) is \(data.count)")])
    }
}

extension RuleID {
    /// `gainmap.directory.length-mismatch`, checked by this file's rule.
    package static let gainmapDirectoryLengthMismatch = RuleID(rawValue: "gainmap.directory.length-mismatch")
}
