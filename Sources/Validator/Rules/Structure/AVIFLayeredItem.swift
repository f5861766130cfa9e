import AuxData
import Container

/// AVIF v1.1.0 §2.3.2: the properties of a layered AV1 item agree with its data. An `a1op` is
/// essential and names an operating point the sequence header has (§2.3.2.1); an `lsel` names
/// spatial layer 0 to 3, or 0xFFFF, and a layer it names is in the data and has an output
/// frame (§2.3.2.2); an `a1lx` is not essential, lists one size per layer but the last, zeros
/// after the first zero, and its sizes lie within the item (§2.3.2.3). A reader that trusts
/// them processes a layer that is not there, or cuts the data in the wrong place.
struct AVIFLayeredItem: Rule {
    let info = RuleInfo(
        .structureAVIFLayeredItem, .error,
        Citation(.avif, "§2.3.2.1 a1op, §2.3.2.2 lsel, §2.3.2.3 a1lx (layered AV1 image items)"),
        summary: "A layered AV1 item's a1op, lsel and a1lx agree with its data: the operating point and layer exist, and the layer sizes count and fit its layers.",
        fix: "Write a1op (essential) and lsel for an operating point and layer the data has, and a1lx (not essential) with the size of each layer but the last.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.heif, !file.av1Items.isEmpty else { return .notApplicable }
        var findings: [RuleFinding] = []
        var applies = false
        for item in file.items where item.type == BMFF.BoxType.av01 {
            guard let data = file.av1Items[item.id], data.complete, let sh = data.sequenceHeader else { continue }
            for p in item.properties {
                let place = AssociatedPropertyPlace(p)
                func flag(_ message: String) {
                    findings.append(info.finding(place.offset, place.path, "item \(item.id): " + message))
                }
                switch p.value {
                case .a1op(let selector):
                    applies = true
                    if !p.essential { flag("a1op is not marked essential") }
                    if Int(selector.opIndex) >= sh.operatingPoints.count {
                        flag("a1op selects operating point \(selector.opIndex); the sequence header has \(sh.operatingPoints.count)")
                    }
                case .lsel(let selector):
                    applies = true
                    let id = selector.layerID
                    if id == HEIF.LayerSelector.anyLayer { continue }
                    guard id <= 3 else {
                        flag("lsel names layer \(id); an AV1 layer is 0 to 3, or 0xFFFF")
                        continue
                    }
                    if !data.spatialLayers.contains(Int(id)) {
                        flag("lsel names spatial layer \(id); the data has \(layerList(data.spatialLayers))")
                    } else if !data.frames.contains(where: { $0.spatialID == Int(id) && $0.isOutput }) {
                        flag("lsel names spatial layer \(id), which has no output frame")
                    }
                case .a1lx(let indexing):
                    applies = true
                    if p.essential { flag("a1lx is marked essential") }
                    let sizes = indexing.layerSizes
                    let documented = sizes.prefix { $0 != 0 }
                    if sizes.dropFirst(documented.count).contains(where: { $0 != 0 }) {
                        flag("a1lx sizes \(sizes.map(String.init).joined(separator: ", ")) have a size after a 0")
                    }
                    // With no frame read, the data gives no count to hold the sizes to.
                    let layers = data.spatialLayers.count
                    if layers > 0, documented.count != layers - 1 {
                        flag("a1lx gives \(documented.count) layer size\(documented.count == 1 ? "" : "s"); the data has \(layers) layer\(layers == 1 ? "" : "s"), so \(layers - 1)")
                    }
                    let total = (file.dataRanges[item.id] ?? []).reduce(0) { $0 + $1.count }
                    let sum = documented.reduce(0) { $0 + Int($1) }
                    if sum >= total {
                        flag("a1lx sizes add up to \(sum) bytes, which leaves nothing of the \(total)-byte item for its last layer")
                    }
                default:
                    continue
                }
            }
        }
        return applies ? .from(findings) : .notApplicable
    }

    private func layerList(_ layers: [Int]) -> String {
        layers.count == 1 ? "spatial layer \(layers[0]) only" : "spatial layers " + layers.map(String.init).joined(separator: ", ")
    }
}

extension RuleID {
    /// `structure.avif.layered-item`, checked by this file's rule.
    package static let structureAVIFLayeredItem = RuleID(rawValue: "structure.avif.layered-item")
}
