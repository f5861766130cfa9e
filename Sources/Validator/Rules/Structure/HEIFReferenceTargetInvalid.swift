import AuxData
import Container

/// References that tie images together name images, and never the item itself: an auxiliary
/// image (`auxl`, ISO/IEC 23008-12 §6.4.6) and a thumbnail (`thmb`, §6.4.4) are images of
/// another, master image, and `prem` goes from a master image whose colour is premultiplied to
/// its alpha auxiliary image (§6.4.6), never back; a content description (`cdsc`, ISO/IEC 14496-12 §8.11.12) describes
/// another item. A reference from or to an item that is no image, or to the item itself, has
/// no master to belong to (libheif: "Recursive depth image detected", "Non-existing aux image
/// referenced", "Thumbnail references a non-existing image"). A thumbnail is of a master
/// image, so one whose master is itself a thumbnail has none (libheif refuses it). ISO/IEC
/// 14496-12 §8.11.12.1: within a reference's array of to_item_IDs a value occurs at most once;
/// ISO/IEC 23008-12 §6.6.1 lets `dimg` repeat an input (a grid of one tile twice), no other
/// type. Missing items are
/// `structure.heif.iref-missing-item`'s, derivations `structure.heif.derivation-input-invalid`'s.
struct HEIFReferenceTargetInvalid: Rule {
    let info = RuleInfo(
        .structureHEIFReferenceTargetInvalid, .error,
        Citation(.heif, "§6.4.4 thmb, §6.4.6 auxl and prem (images of a master image), §6.6.1 (dimg may repeat an input); ISO/IEC 14496-12 §8.11.12 cdsc, §8.11.12.1 (a to_item_ID at most once in a reference)"),
        summary: "auxl, thmb and prem references go from an image to another image that is no thumbnail; no such reference, nor cdsc, names its own item; only dimg names an item twice.",
        fix: "Point the reference from the aux image or thumbnail at its master image item.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        var findings: [RuleFinding] = []
        for ref in file.references where ref.type != BMFF.BoxType.dimg {
            var seen = Set<UInt32>()
            for to in ref.toItemIDs where !seen.insert(to).inserted {
                findings.append(info.finding(ref.offset, "meta/iref/\(ref.type)", "'\(ref.type)' from item \(ref.fromItemID) names item \(to) twice"))
                break
            }
            guard ref.type == BMFF.BoxType.thmb else { continue }
            for to in Set(ref.toItemIDs).sorted() where to != ref.fromItemID && !file.graph.references(from: to, type: BMFF.BoxType.thmb).isEmpty {
                findings.append(info.finding(ref.offset, "meta/iref/thmb", "'thmb' from item \(ref.fromItemID) names item \(to), itself a thumbnail: a thumbnail is of a master image"))
            }
        }
        for ref in file.references where ref.type == BMFF.BoxType.auxl || ref.type == BMFF.BoxType.thmb
            || ref.type == BMFF.BoxType.cdsc || ref.type == "prem" {
            let path = "meta/iref/\(ref.type)"
            let images = ref.type != BMFF.BoxType.cdsc
            if images, let from = file.item(ref.fromItemID), !ImageItemTypes.isImage(from.type) {
                findings.append(info.finding(ref.offset, path, "'\(ref.type)' from item \(ref.fromItemID), a '\(from.type)' item, not an image"))
            }
            for to in ref.toItemIDs {
                if to == ref.fromItemID {
                    findings.append(info.finding(ref.offset, path, "'\(ref.type)' from item \(to) names the item itself"))
                } else if images, let target = file.item(to), !ImageItemTypes.isImage(target.type) {
                    findings.append(info.finding(ref.offset, path, "'\(ref.type)' from item \(ref.fromItemID) names item \(to), a '\(target.type)' item, not an image"))
                } else if ref.type == "prem", let reversed = Self.reversedPremultiplication(file, from: ref.fromItemID, to: to) {
                    findings.append(info.finding(ref.offset, path, reversed))
                }
            }
        }
        return .from(findings)
    }

    /// §6.4.6: `prem` goes from the image whose colour is premultiplied to its alpha plane. One
    /// that starts at the alpha plane and names the image it is the alpha of runs backwards.
    static func reversedPremultiplication(_ file: HEIF.File, from: UInt32, to: UInt32) -> String? {
        guard let alpha = file.auxiliaryImages.first(where: { $0.itemID == from }), alpha.masterIDs.contains(to),
              !file.auxiliaryImages.contains(where: { $0.itemID == to && $0.masterIDs.contains(from) }) else { return nil }
        return "'prem' goes from item \(from), the auxiliary image of item \(to), to item \(to): it runs from the premultiplied image to its alpha, not the other way"
    }
}

extension RuleID {
    /// `structure.heif.reference-target-invalid`, checked by this file's rule.
    package static let structureHEIFReferenceTargetInvalid = RuleID(rawValue: "structure.heif.reference-target-invalid")
}
