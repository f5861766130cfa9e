import Container

/// The depth and confidence maps of a Dynamic Depth JPEG, and its original image, as aux images.
///
/// Dynamic Depth 1.0 §Container: the items of `Container:Directory` follow the primary image's
/// EOI in Directory order, item 0 being the primary itself; each `Item:Length` counts its
/// `Item:Padding`, which ends the item. §DepthMap: a camera's `DepthURI` and `ConfidenceURI`
/// name items by their `Item:DataURI`, and §Image: a camera's `Camera:Image` with
/// `Image:ItemSemantic` `Original` names the unedited capture by `Image:ItemURI`. A URI that names no item, or an item that does not fit
/// the bytes after the primary, makes no aux image: the Dynamic Depth rules report it.
enum DynamicDepthImages {
    /// Where each item after the primary lies, padding left out: `ranges[k]` for Directory
    /// position k ≥ 1, nil when it does not fit `trailer`.
    static func itemRanges(_ dd: DynamicDepthDescription, trailer: Range<Int>) -> [Range<Int>?] {
        var out: [Range<Int>?] = [nil]
        var at: Int? = trailer.lowerBound
        for item in dd.items.dropFirst() {
            let length = item.length ?? 0, padding = item.padding ?? 0
            guard let start = at, length > 0, let end = start +? length else {
                out.append(nil)
                at = nil
                continue
            }
            at = end
            let payloadEnd = end - max(0, min(padding, length))
            out.append(end <= trailer.upperBound && payloadEnd > start ? start..<payloadEnd : nil)
        }
        return out
    }

    /// Every camera's depth map, confidence map and original image whose item can be found,
    /// once each, in Directory order; `firstIndex` is the index of the primary's item.
    static func images(_ dd: DynamicDepthDescription, trailer: Range<Int>, bytes: [UInt8], firstIndex: Int,
                       xmp: SourceLocation?, limits: ParseLimits, issues: inout [ParseError]) -> [ParsedAuxImage] {
        let ranges = itemRanges(dd, trailer: trailer)
        var found: [(item: Int, map: DynamicDepthMap)] = []
        for (c, camera) in dd.cameras.enumerated() {
            let m = camera.depthMap ?? DynamicDepthDescription.DepthMap()
            let original = camera.imageItemSemantic == "Original" ? camera.imageItemURI : nil
            for (role, uri) in [(DynamicDepthMap.Role.depth, camera.depthMap?.depthURI), (.confidence, camera.depthMap?.confidenceURI),
                                (.original, original)] {
                guard let uri, let k = dd.itemIndex(uri: uri), !found.contains(where: { $0.item == k }) else { continue }
                found.append((k, DynamicDepthMap(role: role, camera: c, depthMap: m, item: k, mime: dd.items[k].mime)))
            }
        }
        var out: [ParsedAuxImage] = []
        for (k, map) in found.sorted(by: { $0.item < $1.item }) {
            guard k < ranges.count, let r = ranges[k], r.upperBound <= bytes.count else { continue }
            let at = SourceLocation(offset: r.lowerBound, path: "Container:Item[\(k + 1)]")
            let fallback: Codec = map.mime == "image/png" ? .png : .jpeg
            let sized = CodedImage(embedded: Array(bytes[r]), location: at, codec: fallback)
            let coded = CodedImage(location: at, dataRange: r, codec: sized.codec, width: sized.width, height: sized.height,
                                   components: sized.components, bitDepth: sized.bitDepth)
            PixelLimit.check(coded, limits, issues: &issues)
            let (index, overflow) = firstIndex.addingReportingOverflow(k)
            guard !overflow else { continue }
            let kind: AuxImageKind, auxType: String
            switch map.role {
            case .depth: (kind, auxType) = (.depth, "DynamicDepth:DepthURI")
            case .confidence: (kind, auxType) = (.confidence, "DynamicDepth:ConfidenceURI")
            case .original: (kind, auxType) = (.original, "DynamicDepth:Image:Original")
            }
            out.append(ParsedAuxImage(index: index, kind: kind, auxType: auxType,
                                coded: coded, parts: [.dynamicDepth(map)], geometry: AuxGeometry(masters: [1]),
                                metadata: metadata(map, dd.items[k], dd.cameras[map.camera]), xmpLocation: xmp))
        }
        return out
    }

    /// What `info` lists of a map: its camera, its depth map's fields (the camera's image's, for
    /// the original), its item.
    static func metadata(_ map: DynamicDepthMap, _ item: DynamicDepthDescription.Item,
                         _ camera: DynamicDepthDescription.Camera) -> [(String, MetadataValue)] {
        var meta: [(String, MetadataValue)] = [("Device:Cameras", .text("camera \(map.camera)"))]
        if map.role == .original {
            if let v = camera.imageItemSemantic { meta.append(("Image:ItemSemantic", .text(v))) }
            if let v = camera.imageItemURI { meta.append(("Image:ItemURI", .text(v))) }
            return meta + itemMetadata(item)
        }
        let m = map.depthMap
        if let v = m.format { meta.append(("DepthMap:Format", .text(v.rawValue))) }
        if let v = m.near { meta.append(("DepthMap:Near", .text(String(v)))) }
        if let v = m.far { meta.append(("DepthMap:Far", .text(String(v)))) }
        if let v = m.units { meta.append(("DepthMap:Units", .text(v))) }
        if let v = m.measureType { meta.append(("DepthMap:MeasureType", .text(v))) }
        if let v = map.role == .depth ? m.depthURI : m.confidenceURI {
            meta.append((map.role == .depth ? "DepthMap:DepthURI" : "DepthMap:ConfidenceURI", .text(v)))
        }
        return meta + itemMetadata(item)
    }

    static func itemMetadata(_ item: DynamicDepthDescription.Item) -> [(String, MetadataValue)] {
        var meta: [(String, MetadataValue)] = []
        if let v = item.mime { meta.append(("Item:Mime", .text(v))) }
        if let v = item.length { meta.append(("Item:Length", .text(String(v)))) }
        if let v = item.padding { meta.append(("Item:Padding", .text(String(v)))) }
        return meta
    }
}

extension DynamicDepthDescription {
    /// The Directory position of the item a camera's URI names (Dynamic Depth 1.0 §Container:
    /// `Item:DataURI`), never the primary's; nil when none does.
    package func itemIndex(uri: String) -> Int? {
        guard !uri.isEmpty else { return nil }
        return items.indices.dropFirst().first { items[$0].dataURI == uri }
    }
}
