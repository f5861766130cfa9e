import AuxData
import Container

/// Readers interpret items through these boxes; an unknown version or a duplicated box leaves
/// the item graph ambiguous. ISO/IEC 14496-12 §8.11.1 allows each of these boxes once in
/// `meta`; ISO/IEC 23008-12 §9 requires `hdlr`, `pitm`, `iinf`, `iloc` and `iprp`; item IDs
/// are unique (§8.11.6.1), a reference has targets (§8.11.12.1) and `dref`'s entry_count is
/// the number of entries it holds (§8.7.2.3). Each box's definition names its container: a
/// box of the file level (`mdat`, `ftyp`, `moov`) inside `meta`, or a box of `meta`'s inside
/// `ipco`, where every child is an item property, stands where no reader looks for it (libheif
/// gives up on the whole `meta`: "No 'meta' box"). Unreadable versions and
/// fields are reader problems of this rule too (see `ReaderProblems`).
struct HEIFBoxInvalid: Rule {
    /// Boxes whose version or fields the reader could not take.
    let readerCodes: [ParseError.Code] = [.unsupportedVersion, .iinfEntryCountMismatch, .ilocBadFieldSize,
                                          .ilocUnsupportedConstructionMethod, .ilocIdatMissing, .spsInvalid]
    let info = RuleInfo(
        .structureHEIFBoxInvalid, .error, Citation(.heif, "§9 (meta box structure), ISO/IEC 14496-12 §8.11"),
        summary: "meta and its child boxes have known versions, appear once, and their counts and fields are consistent.",
        fix: "Rewrite the named box; its version, count or field sizes do not match its contents.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif else { return .notApplicable }
        var findings = (file.repeatedMeta + file.meta.repeated).map(repeated)
        let meta = file.meta
        let required: [(String, Bool)] = [("hdlr", meta.handler != nil), ("pitm", meta.primaryItem != nil),
                                          ("iinf", meta.itemInfo != nil), ("iloc", meta.itemLocation != nil),
                                          ("iprp", meta.itemProperties != nil)]
        for (t, present) in required where !present {
            findings.append(info.finding(meta.header.offset, "meta", "no valid '\(t)' box"))
        }
        for e in file.graph.repeatedItems {
            findings.append(info.finding(e.offset, "meta/iinf/item[\(e.itemID)]", "item_ID \(e.itemID) is declared twice"))
        }
        for ref in file.references where ref.toItemIDs.isEmpty {
            findings.append(info.finding(ref.offset, "meta/iref/\(ref.type)", "'\(ref.type)' from \(ref.fromItemID) has no targets"))
        }
        for child in meta.otherChildren {
            guard let container = Self.container(of: child.type), !container.hasPrefix("meta") else { continue }
            findings.append(info.finding(child.offset, "meta/\(child.type)", "box '\(child.type)' inside meta; its container is \(container)"))
        }
        for p in file.properties {
            guard let container = Self.container(of: p.type) else { continue }
            findings.append(info.finding(p.range.lowerBound, "meta/iprp/ipco[\(p.index)]:\(p.type)",
                                         "box '\(p.type)' in ipco, which holds item properties; its container is \(container)"))
        }
        // A dref that could not be read is that problem's, not a missing one.
        if let d = meta.dataInformation, d.referenceHeader == nil, !file.issues.contains(where: { $0.path.hasPrefix("meta/dinf") }) {
            findings.append(info.finding(meta.header.offset, "meta/dinf", "dinf holds no dref; ISO/IEC 14496-12 §8.7.2 has exactly one in it"))
        }
        if let d = meta.dataInformation, let count = d.entryCount, Int(count) != d.entries.count {
            findings.append(info.finding(meta.header.offset, "meta/dinf/dref",
                                         "dref's entry_count is \(count) but it holds \(d.entries.count) entr\(d.entries.count == 1 ? "y" : "ies")"))
        }
        return .from(findings)
    }

    /// Where ISO/IEC 14496-12 puts a box of `type` that is neither an item property nor a box
    /// of its own kind: the file (§4.3 ftyp, §8.1.1 mdat, §8.2.1 moov, §8.8.4 moof), meta
    /// (§8.11), iprp (ipco, ipma), iinf (infe), dinf (dref) or dref (url, urn); nil for any
    /// other type.
    static func container(of type: FourCC) -> String? {
        switch type {
        case "ftyp": "the file (ISO/IEC 14496-12 §4.3)"
        case "mdat": "the file (ISO/IEC 14496-12 §8.1.1)"
        case "moov": "the file (ISO/IEC 14496-12 §8.2.1)"
        case "moof": "the file (ISO/IEC 14496-12 §8.8.4)"
        case BMFF.BoxType.hdlr, BMFF.BoxType.pitm, BMFF.BoxType.iinf, BMFF.BoxType.iloc, BMFF.BoxType.iref,
             BMFF.BoxType.idat, BMFF.BoxType.iprp, BMFF.BoxType.grpl, BMFF.BoxType.dinf: "meta (ISO/IEC 14496-12 §8.11)"
        case "ipco", "ipma": "iprp (ISO/IEC 14496-12 §8.11.14)"
        case "infe": "iinf (ISO/IEC 14496-12 §8.11.6)"
        case "dref": "dinf (ISO/IEC 14496-12 §8.7.2)"
        case "url ", "urn ": "dref (ISO/IEC 14496-12 §8.7.2)"
        default: nil
        }
    }

    func repeated(_ box: HEIF.RepeatedBox) -> RuleFinding {
        switch box.parent {
        case nil: return info.finding(box.offset, box.path, "a second top-level \(box.type) box")
        case BMFF.BoxType.meta: return info.finding(box.offset, box.path, "a second '\(box.type)' in meta; the first is used")
        default: return info.finding(box.offset, box.path, "a second \(box.type); the first is used")
        }
    }
}

extension RuleID {
    /// `structure.heif.box-invalid`, checked by this file's rule.
    package static let structureHEIFBoxInvalid = RuleID(rawValue: "structure.heif.box-invalid")
}
