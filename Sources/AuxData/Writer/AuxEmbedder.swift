import Container

/// Adds aux images to a photo and removes them, in either container, keeping the primary's
/// coded bytes: the JPEG side writes each map as a gray baseline JPEG with Apple's XMP after
/// the primary (CIPA DC-007 §5.2), the HEIF side as a hidden monochrome `hvc1` item with
/// `ispe`, `pixi`, `auxC` (and for depth the depth representation SEI), the primary's
/// `irot`/`imir`, an `auxl` to the primary and an XMP item linked by `cdsc` (ISO/IEC
/// 23008-12 §6.5.8, §6.6.2.1, Annex A).
package enum AuxEmbedder {
    /// `bytes` without the aux images whose `ParsedAuxImage.index` is in `removing`, with `adding`.
    /// A removed image's bytes leave the file (`JPEG.MultiPictureFile`, `HEIF.ItemEditor`);
    /// input the writers cannot place is kept or refused with a `ParseError`, never dropped.
    /// `google`, when given, is a depth map written the way Google's formats store it (JPEG
    /// only; see `GoogleDepthEmbedding`).
    package static func edit(_ bytes: [UInt8], removing: [Int], adding: [AuxMap], google: GoogleDepthEmbedding? = nil,
                            jpegQuality: Int = 100, limits: ParseLimits = .default) throws(WriteError) -> [UInt8] {
        switch PhotoReader.container(of: bytes) {
        case .jpeg:
            return try editJPEG(bytes, removing: removing, adding: adding, google: google, quality: jpegQuality, limits: limits)
        case .heif:
            if google != nil {
                throw WriteError(.cannotAdd, at: 0, path: "", "GDepth and Dynamic Depth are JPEG layouts; a HEIF holds depth as an aux item")
            }
            return try editHEIF(bytes, removing: removing, adding: adding, limits: limits)
        case nil: throw WriteError(ParseError(.unknownFormat, at: 0, path: "", "neither a JPEG nor a HEIF file"))
        }
    }

    static func editJPEG(_ bytes: [UInt8], removing: [Int], adding: [AuxMap], google: GoogleDepthEmbedding?, quality: Int,
                         limits: ParseLimits) throws(WriteError) -> [UInt8] {
        let parsed = try WriteError.reading(try JPEG.File(parsing: bytes, limits: limits))
        var file = try JPEG.MultiPictureFile(parsed, bytes: bytes)
        let photo = try WriteError.reading(try JPEGPhotoReader.read(bytes, limits: limits))
        // A depth map of Samsung's SEF trailer is found through the trailer's directory, whose
        // offsets count back from it; the trailer is kept whole, so the map stays.
        if let s = photo.auxImages.first(where: { $0.samsungDepth != nil && removing.contains($0.index) }) {
            throw WriteError(.cannotRemove, at: s.location.offset, path: s.location.path,
                             "aux image \(s.index) is the \(s.samsungDepth?.name ?? "depth") block of Samsung's SEF trailer, which depthcheck keeps whole")
        }
        if let l = photo.auxImages.first(where: { $0.leia != nil && removing.contains($0.index) }) {
            throw WriteError(.cannotRemove, at: l.location.offset, path: l.location.path,
                             "aux image \(l.index) is field \(l.leia?.fieldType ?? 0) of a Leia LIF trailer, which depthcheck keeps whole")
        }
        // A GDepth depth map is the one aux image of index 0 (it has no MP entry): removing it
        // edits the primary's XMP, never its coded data.
        if removing.contains(0), photo.auxImages.contains(where: { $0.index == 0 && $0.isGDepth }) {
            file.primary.bytes = try PrimaryXMPRemoval.removingGDepth(from: file.primary.bytes, file: parsed, limits: limits)
        }
        if photo.auxImages.contains(where: { $0.isDynamicDepth && removing.contains($0.index) }) {
            try removeDynamicDepth(&file, photo, limits: limits)
        } else {
            keepDynamicDepthItemsAfterPrimary(&file, photo)
        }
        if let map = photo.auxImages.first(where: { $0.kind == .hdrGainMap && removing.contains($0.index) }),
           photo.gainMapDeclaration?.declaresGainMap == true {
            try removeGainMapDeclarations(&file, photo, map: map, limits: limits)
        } else {
            keepGContainerItemsAfterPrimary(&file, photo)
        }
        file.secondaries.removeAll { $0.entryNumber.map(removing.contains) ?? false }
        // Ultra HDR ("Item element"): the directory locates the gain map by its Item:Length, so
        // its bytes keep their length (an MP stub the writer would add to an image written
        // without one, as libultrahdr writes gain maps, would move every later item).
        if let map = photo.auxImages.first(where: { $0.kind == .hdrGainMap && !removing.contains($0.index) }),
           photo.gainMapDeclaration?.directory?.gainMapPosition != nil {
            for i in file.secondaries.indices where file.secondaries[i].entryNumber == map.index {
                file.secondaries[i].keepsLength = true
            }
        }
        for map in adding {
            file.secondaries.append(JPEG.Picture(bytes: try jpegAuxImage(map, quality: quality)))
        }
        if let google { try google.add(to: &file, quality: quality, limits: limits) }
        return try file.serialized()
    }

    /// Takes a Dynamic Depth description and its items out: Dynamic Depth 1.0 §Container finds
    /// the items only through the Directory, so a depth map and its confidence map leave
    /// together, with the `Device` element. A Directory that lists other items (an original
    /// image, say) is refused: they would be lost with it.
    static func removeDynamicDepth(_ file: inout JPEG.MultiPictureFile, _ photo: ParsedPhoto,
                                   limits: ParseLimits) throws(WriteError) {
        guard let dd = photo.dynamicDepth else { return }
        let maps = Set(photo.auxImages.compactMap { $0.dynamicDepth?.item })
        if let other = dd.items.indices.dropFirst().first(where: { !maps.contains($0) }) {
            throw WriteError(.cannotRemove, at: photo.trailer?.lowerBound ?? 0, path: "Container:Item[\(other + 1)]",
                             "the Dynamic Depth directory also lists item \(other + 1) (\(dd.items[other].mime ?? "no Mime")), which would be lost with the depth map")
        }
        let primary = try WriteError.reading(try JPEG.File(parsing: file.primary.bytes, limits: limits))
        file.primary.bytes = try PrimaryXMPRemoval.removingDynamicDepth(from: file.primary.bytes, file: primary, limits: limits)
        // Without an MP index the items are the first bytes of the trailer; with one, of the
        // bytes between the primary and the next image.
        if photo.structure.jpeg?.mpf == nil {
            file.trailing.removeFirst(min(dd.payloadLength, file.trailing.count))
        } else {
            file.afterPrimary.removeFirst(min(dd.payloadLength, file.afterPrimary.count))
        }
    }

    /// Dynamic Depth 1.0 (Container): item k is read at the primary's EOI plus the Lengths of
    /// the items before it. In a file without an MP index they are the bytes after the primary,
    /// which the writer would put after the images it adds: the Directory's share of them moves
    /// to `afterPrimary`, where Android looks for it; the rest stays the trailer.
    static func keepDynamicDepthItemsAfterPrimary(_ file: inout JPEG.MultiPictureFile, _ photo: ParsedPhoto) {
        guard file.afterPrimary.isEmpty, let parsed = photo.structure.jpeg, parsed.mpf == nil,
              let dd = photo.dynamicDepth, dd.items.count > 1 else { return }
        let share = min(dd.payloadLength, file.trailing.count)
        file.afterPrimary = Array(file.trailing.prefix(share))
        file.trailing.removeFirst(share)
    }

    /// Takes an Ultra HDR or ISO 21496-1 gain map's declarations out of the primary with the
    /// image, so that nothing names a gain map the file no longer holds (`gainmap.orphaned`):
    /// the `hdrgm` properties and the GContainer directory of the primary's XMP (Android's
    /// Ultra HDR format, "Gain map container"), and the primary's ISO 21496-1 APP2 segment
    /// (ISO 21496-1 Annex C). A gain map the directory located outside the MP index leaves the
    /// bytes after the primary. A directory that lists other items is refused: they would be
    /// left without the directory that locates them.
    static func removeGainMapDeclarations(_ file: inout JPEG.MultiPictureFile, _ photo: ParsedPhoto, map: ParsedAuxImage,
                                          limits: ParseLimits) throws(WriteError) {
        guard let d = photo.gainMapDeclaration else { return }
        if let dir = d.directory, let other = dir.items.indices.dropFirst().first(where: { !dir.items[$0].isGainMap }) {
            throw WriteError(.cannotRemove, at: d.directoryLocation?.offset ?? 0, path: "Container:Directory/Item[\(other + 1)]",
                             "the GContainer directory also lists item \(other + 1) (\(dir.items[other].semantic ?? "no Semantic")), which would be lost with the gain map")
        }
        if d.adobeVersion != nil || d.directory != nil {
            let primary = try WriteError.reading(try JPEG.File(parsing: file.primary.bytes, limits: limits))
            file.primary.bytes = try PrimaryXMPRemoval.removing([XMPNamespace.adobeGainMap, XMPNamespace.gContainer, XMPNamespace.gContainerItem],
                                                               what: "the gain map's description", from: file.primary.bytes,
                                                               file: primary, limits: limits)
        }
        if d.isoSegment != nil {
            let id = JPEG.GainMapMetadataSegment.identifier
            file.primary.bytes = try WriteError.reading(try JPEG.MultiPictureFile.removingSegments(from: file.primary.bytes) { s, payload in
                s.marker == .app2 && payload.count >= id.count && payload.prefix(id.count).elementsEqual(id)
            })
        }
        // A gain map the directory located (no MP entry) is the first bytes after the primary.
        if map.coded.location.path.hasPrefix("Container:Directory"), let r = map.coded.dataRange, let parsed = photo.structure.jpeg {
            if parsed.mpf == nil, parsed.trailingBytes?.lowerBound == r.lowerBound {
                file.trailing.removeFirst(min(r.count, file.trailing.count))
            } else if parsed.afterPrimary?.lowerBound == r.lowerBound {
                file.afterPrimary.removeFirst(min(r.count, file.afterPrimary.count))
            }
        }
    }

    /// Android's Ultra HDR format ("Item element"): the directory's items are read at the
    /// primary's end plus the lengths before them. In a file without an MP index they are the
    /// bytes after the primary, which the writer would put after the images it adds: their
    /// share moves to `afterPrimary`, so the directory still locates them, and every reader
    /// that takes the second image for the gain map still finds it there.
    static func keepGContainerItemsAfterPrimary(_ file: inout JPEG.MultiPictureFile, _ photo: ParsedPhoto) {
        guard file.afterPrimary.isEmpty, let parsed = photo.structure.jpeg, parsed.mpf == nil,
              let dir = photo.gainMapDeclaration?.directory, dir.items.count > 1, let end = parsed.primary.end ?? parsed.images.first?.end,
              let last = dir.secondaryRanges(after: end).last, let located = last else { return }
        guard let stop = located.upperBound +? max(0, dir.items.last?.padding ?? 0), let n = stop -? end else { return }
        let share = min(n, file.trailing.count)
        guard share > 0 else { return }
        file.afterPrimary = Array(file.trailing.prefix(share))
        file.trailing.removeFirst(share)
    }

    /// SOI, APP1 XMP (Adobe XMP Part 3 §1.1.3: the namespace header, then the packet), then
    /// the encoded stream after its SOI; the writer adds the MPF stub after the XMP.
    package static func jpegAuxImage(_ map: AuxMap, quality: Int = 100) throws(WriteError) -> [UInt8] {
        let coded = try GrayJPEGEncoder.encode(map.samples, width: map.width, height: map.height, quality: quality)
        let payload = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(AppleAuxXMP.packet(for: map).utf8)
        guard payload.count + 2 <= 0xFFFF else { throw WriteError(.fieldOverflow, at: 0, path: "APP1/XMP") }
        var w = ByteWriter()
        w.append([0xFF, 0xD8, 0xFF, 0xE1])
        w.u16(UInt16(payload.count + 2))
        w.append(payload)
        w.append(coded.dropFirst(2))
        return w.bytes
    }

    static func editHEIF(_ bytes: [UInt8], removing: [Int], adding: [AuxMap], limits: ParseLimits) throws(WriteError) -> [UInt8] {
        let file = try WriteError.reading(try HEIF.File(parsing: bytes, limits: limits))
        var editor = try HEIF.ItemEditor(file, bytes: bytes)
        for index in removing { if let id = UInt32(exactly: index) { editor.remove(id) } }
        guard let primary = file.primaryItemID else {
            throw WriteError(.notAnImage, at: file.metaRange.lowerBound, path: "meta/pitm", "no primary item")
        }
        // Apple gives each aux item the primary's own irot (and imir) property.
        let transforms = file.properties(of: primary).filter { $0.type == BMFF.BoxType.irot || $0.type == BMFF.BoxType.imir }
        for map in adding {
            let coded = try HEVCGrayEncoder.encode(map.samples, width: map.width, height: map.height)
            var properties: [HEIF.NewItem.Property] = [.new(box: coded.hvcCBox, essential: true),
                                                       .new(box: ispe(map.width, map.height), essential: false)]
            properties += transforms.map { .existing(index: $0.index, essential: true) }
            properties.append(.new(box: pixi(), essential: false))
            properties.append(.new(box: auxC(map), essential: true))
            let aux = try editor.add(HEIF.NewItem(type: BMFF.BoxType.hvc1, data: coded.data, properties: properties,
                                              references: [(BMFF.BoxType.auxl, [primary])]))
            try editor.add(HEIF.NewItem(type: BMFF.BoxType.mime, contentType: "application/rdf+xml",
                                    data: Array(AppleAuxXMP.packet(for: map).utf8),
                                    references: [(BMFF.BoxType.cdsc, [aux])]))
        }
        return try editor.serialized()
    }

    /// ISO/IEC 23008-12 §6.5.3 `ispe`: the map's size (no larger than its photo, so within u32).
    static func ispe(_ w: Int, _ h: Int) -> [UInt8] {
        box { HEIF.ImageSpatialExtents(width: UInt32(truncatingIfNeeded: w), height: UInt32(truncatingIfNeeded: h)).write(to: &$0) }
    }

    /// ISO/IEC 23008-12 §6.5.6 `pixi`: one channel of 8 bits.
    static func pixi() -> [UInt8] {
        box { HEIF.PixelInformation(bitsPerChannel: [8]).write(to: &$0) }
    }

    /// ISO/IEC 23008-12 §6.5.8 `auxC`: the aux type URN, then the subtype: for depth and
    /// disparity one depth representation information SEI (ITU-T H.265 depth representation
    /// information semantics) carrying the elements its type is defined by.
    static func auxC(_ map: AuxMap) -> [UInt8] {
        let subtype = representation(of: map).map(DepthRepresentationSEI.encode) ?? []
        return box { HEIF.AuxiliaryTypeProperty(auxType: map.auxType, subtype: subtype).write(to: &$0) }
    }

    /// The bytes a property's `write(to:)` makes.
    static func box(_ write: (inout ByteWriter) -> Void) -> [UInt8] {
        var b = ByteWriter()
        write(&b)
        return b.bytes
    }

    /// The depth representation information of a depth or disparity map, nil for others.
    /// H.265 defines depth_representation_type 1 (uniform disparity) through DMin/DMax and
    /// type 2 (uniform Z) through ZNear/ZFar: disparity is written as Apple writes it (d_min_flag
    /// and d_max_flag set, disparity_ref_view_id 0, d_min/d_max equal to the XMP
    /// FloatMinValue/FloatMaxValue), depth with z_near_flag and z_far_flag set and ZNear/ZFar
    /// equal to FloatMinValue/FloatMaxValue, sample 0 the nearest, as in the XMP.
    static func representation(of map: AuxMap) -> DepthRepresentationInfo? {
        guard map.kind.isDepthLike, let lo = map.floatMin, let hi = map.floatMax else { return nil }
        if map.kind == .disparity {
            return DepthRepresentationInfo(dMin: element(lo), dMax: element(hi), representationTypeRaw: 1,
                                           disparityReferenceView: 0)
        }
        return DepthRepresentationInfo(zNear: element(lo), zFar: element(hi), representationTypeRaw: 2)
    }

    /// An SEI element holding exactly the Float32 value `v`; 0 for a value the element format
    /// cannot hold (the writer refuses such ranges before it gets here).
    static func element(_ v: Double) -> DepthRepresentationElement {
        DepthRepresentationElement(exactly: v) ?? DepthRepresentationElement(sign: false, exponent: 0, mantissaLength: 1, mantissa: 0)
    }
}
