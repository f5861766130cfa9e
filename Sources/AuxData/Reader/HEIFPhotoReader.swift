import Container

/// Builds a `ParsedPhoto` from a HEIF file: the primary item with its `ispe` and transforms,
/// and one aux image per `auxl` item, described by its auxC URN, its depth representation
/// SEI, and the XMP item linked to it by `cdsc` (ISO/IEC 23008-12 §6.5.8, §6.6.2; Apple
/// apdi XMP). Only boxes and small payloads (XMP, Exif, SEI) are read, never coded pixels.
enum HEIFPhotoReader {
    /// `parsed`: the structure of `raw` as `HEIF.File(parsing: raw, limits: limits)` gives it,
    /// when the caller parsed it already (a partial read does, to know what to read).
    static func read(_ raw: [UInt8], limits: ParseLimits, parsed: HEIF.File? = nil) throws(ParseError) -> ParsedPhoto {
        // A low-overhead file is read through the meta box its mini box stands for.
        let bytes = parsed == nil ? HEIF.MinimizedImage.expanding(raw) : raw
        let file: HEIF.File
        do throws(ParseError) {
            if let parsed { file = parsed } else { file = try HEIF.File(parsing: bytes, limits: limits) }
        } catch {
            // No meta: an image sequence (moov) is a file of its own kind, not an unreadable one.
            guard error.code == .metaMissing, let sequence = try? HEIF.ImageSequence(parsing: bytes, limits: limits) else { throw error }
            return imageSequence(sequence)
        }
        var issues = file.issues
        let primaryID = file.primaryItemID
        let primaryItem = file.primaryItem
        let ispe = primaryID.flatMap { file.ispe(of: $0) }
        var orientation: Int?
        if let id = primaryID {
            for m in file.metadata(describing: id) where m.kind == .exif {
                guard let range = m.payloadRange else { continue }
                do {
                    var r = try ByteReader(bytes, range: range, path: "item[\(m.itemID)]:Exif")
                    orientation = try Exif.Metadata(parsing: &r, limits: limits, identifier: false).orientation.map(Int.init)
                } catch {
                    issues.append(error)
                }
            }
        }
        let primary = ParsedPrimaryImage(
            width: ispe.map { Int($0.width) } ?? 0, height: ispe.map { Int($0.height) } ?? 0,
            orientation: orientation, transforms: transforms(file, primaryID),
            itemID: primaryID.map(Int.init), codec: primaryItem.map { Codec(itemType: $0.type) } ?? .none,
            location: SourceLocation(offset: primaryItem?.infeOffset ?? file.metaRange.lowerBound,
                                     path: primaryID.map { "meta/iinf/item[\($0)]" } ?? "meta/pitm"))
        var auxImages = file.auxiliaryImages.map { auxImage($0, file: file, bytes: bytes, limits: limits, issues: &issues) }
        auxImages += toneMapGainMaps(file, known: auxImages.map(\.index), bytes: bytes, limits: limits, issues: &issues)
        return ParsedPhoto(structure: .heif(file), primary: primary, auxImages: auxImages, issues: issues)
    }

    /// The gain map images of `tmap` items that are not `auxl` items already: ISO/IEC
    /// 23008-12:2025/Amd 1 §6.6.2.4 makes a tone-mapped image from two `dimg` inputs, the base
    /// image and then the gain map, a hidden coded image of its own (as libavif writes AVIF
    /// gain maps and new HEICs carry them). Each is an aux image of kind `hdrGainMap` whose
    /// master is the base image, with the `tmap`'s ISO 21496-1 metadata.
    static func toneMapGainMaps(_ file: HEIF.File, known: [Int], bytes: [UInt8], limits: ParseLimits,
                                issues: inout [ParseError]) -> [ParsedAuxImage] {
        var out: [ParsedAuxImage] = []
        let items = file.items
        for i in items.indices where items[i].type == BMFF.BoxType.tmap {
            let inputs = file.tiles(of: items[i].id)
            guard inputs.count >= 2, inputs[1] != inputs[0], let map = file.item(inputs[1]), map.isImage,
                  !known.contains(Int(inputs[1])), !out.contains(where: { $0.index == Int(inputs[1]) }) else { continue }
            let a = HEIF.AuxiliaryImage(itemID: inputs[1], itemType: map.type, auxType: nil, subtypeRange: nil,
                                        masterIDs: [inputs[0]], ispe: file.ispe(of: inputs[1]))
            out.append(auxImage(a, file: file, bytes: bytes, limits: limits, issues: &issues, kind: .hdrGainMap))
        }
        return out
    }

    /// `kind`: what the item is known to be from how it is referenced (a `tmap` gain map),
    /// instead of what its `auxC` and XMP say.
    static func auxImage(_ a: HEIF.AuxiliaryImage, file: HEIF.File, bytes: [UInt8], limits: ParseLimits,
                         issues: inout [ParseError], kind known: AuxImageKind? = nil) -> ParsedAuxImage {
        let item = file.item(a.itemID)
        let (components, bitDepth) = coding(file, a.itemID)
        var dataRange: Range<Int>?
        if let rs = file.dataRanges[a.itemID], rs.count == 1, let r = rs.first { dataRange = r }
        let coded = CodedImage(
            location: SourceLocation(offset: item?.infeOffset ?? file.metaRange.lowerBound, path: "meta/iinf/item[\(a.itemID)]"),
            dataRange: dataRange, codec: item.map { Codec(itemType: $0.type) } ?? .none,
            width: a.ispe.map { Int($0.width) }, height: a.ispe.map { Int($0.height) },
            components: components, bitDepth: bitDepth)
        PixelLimit.check(coded, limits, issues: &issues)
        let sei = depthSEI(a, file: file, bytes: bytes, limits: limits, issues: &issues)
        let xmp = file.metadata(describing: a.itemID).first { $0.kind == .xmp }
        let doc = xmp.flatMap { m in
            m.payloadRange.flatMap { XMPLoader.parse(bytes, $0, path: "item[\(m.itemID)]:XMP", limits: limits, issues: &issues) }
        }
        let xmpLocation = xmp.flatMap { m in m.payloadRange.map { SourceLocation(offset: $0.lowerBound, path: "item[\(m.itemID)]:XMP") } }
        var parts = AuxDescriptionPart.descriptions(in: doc, at: xmpLocation, issues: &issues)
        let apple = parts.lazy.compactMap(\.apple).first
        parts += toneMaps(of: a.itemID, file: file)
        if let s = sei {
            parts.append(.depthRepresentation(DepthRepresentation(
                zNear: s.zNear, zFar: s.zFar, dMin: s.dMin, dMax: s.dMax, representationType: Int(s.representationTypeRaw),
                disparityReferenceView: s.disparityReferenceView.map(Int.init),
                nonlinearModel: s.nonlinearModel.map { Int(clamping: $0) })))
        }
        var (kind, semantic) = AuxClassifier.classify(auxType: a.auxType, apple: apple, sei: sei)
        if let known { (kind, semantic) = (known, nil) }
        return ParsedAuxImage(index: Int(a.itemID), kind: kind, semanticMatte: semantic, auxType: a.auxType, coded: coded,
                        parts: parts, geometry: AuxGeometry(transforms: transforms(file, a.itemID), masters: a.masterIDs.map(Int.init)),
                        metadata: XMPLoader.metadata(doc), xmpLocation: xmpLocation, xmp: doc)
    }

    /// The `tmap` items that take `id` among their `dimg` inputs, i.e. use it as their gain map
    /// (ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4), with the metadata Container could read.
    static func toneMaps(of id: UInt32, file: HEIF.File) -> [AuxDescriptionPart] {
        file.graph.items(referencing: id, type: BMFF.BoxType.dimg).compactMap { t in
            guard let it = file.item(t), it.type == BMFF.BoxType.tmap, let m = file.toneMaps[t] else { return nil }
            return .toneMap(GainMapToneMap(itemID: Int(t), toneMap: m,
                                           location: SourceLocation(offset: it.infeOffset, path: "meta/iinf/item[\(t)]")))
        }
    }

    /// The depth representation SEI rides in the auxC subtype of depth items.
    static func depthSEI(_ a: HEIF.AuxiliaryImage, file: HEIF.File, bytes: [UInt8], limits: ParseLimits,
                         issues: inout [ParseError]) -> DepthRepresentationInfo? {
        guard let urn = a.auxType, AuxClassifier.depthURNs.contains(urn), let range = a.subtypeRange, !range.isEmpty else {
            return nil
        }
        let auxCPath = file.properties(of: a.itemID).first { $0.type == BMFF.BoxType.auxC }
            .map { "meta/iprp/ipco[\($0.index)]:auxC" } ?? "meta/iinf/item[\(a.itemID)]:auxC"
        do {
            return try DepthRepresentationSEI.decode(auxCSubtype: bytes[range], at: range.lowerBound, path: auxCPath, limits: limits)
        } catch {
            issues.append(error)
            return nil
        }
    }

    /// irot/imir/clap of an item in ipma order.
    static func transforms(_ file: HEIF.File, _ id: UInt32?) -> ImageTransforms {
        var t = ImageTransforms()
        guard let id else { return t }
        for p in file.transforms(of: id) {
            switch p {
            case .irot(let r): t.rotation = r.degrees
            case .imir(let m): t.mirrorAxis = Int(m.axis)
            case .clap(let c):
                func ratio(_ n: Double, _ d: UInt32) -> Double { d == 0 ? .nan : n / Double(d) }
                t.cleanAperture = CleanAperture(width: ratio(Double(c.widthN), c.widthD), height: ratio(Double(c.heightN), c.heightD),
                                                horizontalOffset: ratio(Double(c.horizOffN), c.horizOffD),
                                                verticalOffset: ratio(Double(c.vertOffN), c.vertOffD))
            default: break
            }
        }
        return t
    }

    /// Components and bit depth, from `pixi` when present, else from `hvcC`.
    static func coding(_ file: HEIF.File, _ id: UInt32) -> (Int?, Int?) {
        for p in file.properties(of: id) {
            if case .pixi(let x) = p.value, let first = x.bitsPerChannel.first {
                return (x.bitsPerChannel.count, Int(first))
            }
        }
        if let h = file.hvcC(of: id) {
            return (h.chromaFormatIDC == 0 ? 1 : 3, h.bitDepthLuma)
        }
        // AV1 Codec ISOBMFF Binding §2.3.3: av1C mirrors the sequence header's colour config.
        for p in file.properties(of: id) {
            if case .av1C(let c) = p.value {
                return (c.monochrome ? 1 : 3, c.twelveBit ? 12 : (c.highBitdepth ? 10 : 8))
            }
        }
        return (nil, nil)
    }

    /// A sequence's photo: its track's size as the picture's, no aux images.
    static func imageSequence(_ s: HEIF.ImageSequence) -> ParsedPhoto {
        let primary = ParsedPrimaryImage(width: s.trackSize?.width ?? 0, height: s.trackSize?.height ?? 0, orientation: nil,
                                   transforms: ImageTransforms(), itemID: nil, codec: .sequence,
                                   location: SourceLocation(offset: s.moovOffset, path: "moov"))
        return ParsedPhoto(structure: .imageSequence(s), primary: primary)
    }
}
