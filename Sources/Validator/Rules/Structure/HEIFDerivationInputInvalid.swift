import AuxData
import Container

/// A derived image is made from its inputs: ISO/IEC 23008-12 §6.6.1 names them by the `dimg`
/// references of the derived image item, and each is an input *image*; a grid (§6.6.2.3), an
/// overlay (§6.6.2.2), an identity transformation (§6.6.2.1) and a tone-mapped image (Amd 1)
/// all compose pixels. An input that is metadata (`Exif`, `mime`) has none, and a derived
/// image that is its own input, directly or through others, can never be reconstructed:
/// libheif refuses the first ("is not a proper image") and recurses without end on the
/// second. An overlay with no input (§6.6.2.2: its offsets are one per `dimg` input) has
/// nothing to place on its canvas; libheif refuses it. §6.6.2.1: an identity item has no
/// item body; §6.6.1: a derived item has one `dimg` box, which lists its inputs in order. An overlay descriptor that cannot be
/// read (§6.6.2.2.2: version 0, and one offset pair per input, so its length is fixed) is a
/// reader problem of this rule (see `ReaderProblems`). Missing inputs are
/// `structure.heif.iref-missing-item`'s.
struct HEIFDerivationInputInvalid: Rule {
    /// An overlay item whose descriptor the reader could not take.
    let readerCodes: [ParseError.Code] = [.overlayInvalid]
    let info = RuleInfo(
        .structureHEIFDerivationInputInvalid, .error, Citation(.heif, "§6.6.1 derived images (one dimg box names the input images); §6.6.2.1 identity (no item body); §6.6.2.2 overlay (its descriptor, one offset per input)"),
        summary: "Every dimg input of a derived image item is an image item, listed in one dimg box; an identity item has exactly one and no body, an overlay at least one, and no derived image is its own input.",
        fix: "Point the dimg references at coded or derived image items, and remove references that lead back to the derived item.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        let derivations = file.references.filter { $0.type == BMFF.BoxType.dimg }
        guard !derivations.isEmpty || file.items.indices.contains(where: { [BMFF.BoxType.iden, BMFF.BoxType.iovl].contains(file.items[$0].type) }) else {
            return .passed
        }
        var findings: [RuleFinding] = []
        for ref in derivations {
            for to in ref.toItemIDs {
                guard let input = file.graph.item(to) else { continue }
                if to == ref.fromItemID {
                    findings.append(info.finding(ref.offset, "meta/iref/dimg", "item \(to) is its own dimg input"))
                } else if !ImageItemTypes.isImage(input.type) {
                    findings.append(info.finding(ref.offset, "meta/iref/dimg",
                                                 "item \(ref.fromItemID)'s dimg input \(to) is a '\(input.type)' item, not an image"))
                }
            }
        }
        // §6.6.2.1: an identity derivation has exactly one input image.
        let items = file.items
        for i in items.indices where items[i].type == BMFF.BoxType.iden {
            let id = items[i].id
            let n = file.tiles(of: id).count
            guard n != 1 else { continue }
            let at = derivations.first(where: { $0.fromItemID == id })?.offset ?? items[i].infeOffset
            findings.append(info.finding(at, n == 0 ? "meta/iinf/item[\(id)]" : "meta/iref/dimg",
                                         "identity item \(id) has \(n) dimg inputs, not 1"))
        }
        // §6.6.2.1: an identity derivation has no item body (no extents with bytes).
        for i in items.indices where items[i].type == BMFF.BoxType.iden {
            let bytes = (file.dataRanges[items[i].id] ?? []).reduce(0) { $0 + $1.count }
            if bytes > 0 {
                findings.append(info.finding(items[i].infeOffset, "meta/iloc/item[\(items[i].id)]",
                                             "identity item \(items[i].id) has \(bytes) bytes of item body; it has none"))
            }
        }
        // §6.6.1: one dimg box per derived item, which lists all its inputs in order.
        var dimgBoxes: [UInt32: Int] = [:]
        for ref in derivations {
            dimgBoxes[ref.fromItemID, default: 0] += 1
            if dimgBoxes[ref.fromItemID] == 2 {
                findings.append(info.finding(ref.offset, "meta/iref/dimg", "item \(ref.fromItemID) has a second dimg box; its inputs are listed in one"))
            }
        }
        // §6.6.2.2: an overlay places its dimg inputs on its canvas; it needs one at least.
        for i in items.indices where items[i].type == BMFF.BoxType.iovl && file.tiles(of: items[i].id).isEmpty {
            findings.append(info.finding(items[i].infeOffset, "meta/iinf/item[\(items[i].id)]",
                                         "overlay item \(items[i].id) has no dimg input"))
        }
        if let cycle = file.graph.derivationCycle(longerThanOne: true), let ref = derivations.first(where: { $0.fromItemID == cycle[0] }) {
            findings.append(info.finding(ref.offset, "meta/iref/dimg",
                                         "derived items form a cycle: " + (cycle + [cycle[0]]).map(String.init).joined(separator: " → ")))
        }
        return .from(findings)
    }
}

extension RuleID {
    /// `structure.heif.derivation-input-invalid`, checked by this file's rule.
    package static let structureHEIFDerivationInputInvalid = RuleID(rawValue: "structure.heif.derivation-input-invalid")
}
