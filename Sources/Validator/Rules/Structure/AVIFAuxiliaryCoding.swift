import AuxData
import Container

/// AVIF v1.1.0 §4: an AV1 auxiliary image (alpha, depth, any `auxl` item) shall code one
/// plane, mono_chrome 1, at full range, color_range 1, in its Sequence Header OBU; and §4.1:
/// an alpha image shall have the bit depth of the image it belongs to. A reader maps an
/// alpha plane's values straight to opacity: limited-range alpha never reaches fully opaque
/// or fully transparent, and chroma planes are samples no reader uses. The tiles of an
/// auxiliary grid are judged as the image they make up.
///
/// Held to this are the auxiliary types MPEG defines, alpha and depth (`urn:mpeg:…`), which
/// are the ones §4 was written for. A vendor's type defines its own planes: libavif's test
/// files store a three-channel HDR gain map as `urn:com:photo:aux:hdrgainmap`, which one
/// plane could not hold, and AVIF's own gain maps are `tmap` inputs, not auxiliary images.
struct AVIFAuxiliaryCoding: Rule {
    let info = RuleInfo(
        .structureAVIFAuxiliaryCoding, .error,
        Citation(.avif, "§4 Auxiliary Image Items (mono_chrome 1, color_range 1), for the MPEG alpha and depth types; §4.1 alpha at its master's bit depth"),
        summary: "An AV1 auxiliary image is monochrome and full range, and an alpha image has the bit depth of its master image.",
        fix: "Encode the auxiliary image as 4:0:0 full range (alpha at the colour image's bit depth).")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, !file.av1Items.isEmpty else { return .notApplicable }
        var findings: [RuleFinding] = []
        var applies = false
        for aux in file.auxiliaryImages where (aux.auxType ?? "").hasPrefix("urn:mpeg:") {
            let coded = file.graph.tiles(of: aux.itemID).isEmpty ? [aux.itemID] : file.graph.tiles(of: aux.itemID)
            let headers = coded.compactMap { id in file.av1Items[id]?.sequenceHeader.map { (id, $0) } }
            guard let (firstID, first) = headers.first else { continue }
            applies = true
            let path = "meta/iinf/item[\(aux.itemID)]"
            let offset = file.graph.item(aux.itemID)?.infeOffset ?? 0
            for (id, sh) in headers {
                var wrong: [String] = []
                if !sh.monochrome { wrong.append("mono_chrome 0") }
                if !sh.colorRange { wrong.append("color_range 0 (limited)") }
                guard !wrong.isEmpty else { continue }
                let what = id == aux.itemID ? "aux item \(id)" : "tile \(id) of aux item \(aux.itemID)"
                findings.append(info.finding(offset, path, "\(what): its sequence header codes " + wrong.joined(separator: " and ")))
            }
            guard AuxClassifier.alphaURNs.contains(aux.auxType ?? ""), let master = aux.masterIDs.first,
                  let masterDepth = bitDepth(of: master, file) else { continue }
            if first.bitDepth != masterDepth {
                findings.append(info.finding(offset, path,
                                             "alpha item \(aux.itemID) is \(first.bitDepth)-bit (item \(firstID)), its master item \(master) \(masterDepth)-bit"))
            }
        }
        return applies ? .from(findings) : .notApplicable
    }

    /// The bit depth an AV1 image (or the first tile of a grid) is coded at.
    func bitDepth(of id: UInt32, _ file: HEIF.File) -> Int? {
        let tiles = file.graph.tiles(of: id)
        let coded = tiles.first ?? id
        return file.av1Items[coded]?.sequenceHeader?.bitDepth
    }
}

extension RuleID {
    /// `structure.avif.auxiliary-coding`, checked by this file's rule.
    package static let structureAVIFAuxiliaryCoding = RuleID(rawValue: "structure.avif.auxiliary-coding")
}
