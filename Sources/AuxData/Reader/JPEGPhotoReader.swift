import Container

extension ParseError.Code {
    /// xmpNote:HasExtendedXMP names a GUID that no Extended XMP chunk carries (Adobe XMP
    /// Specification Part 3 §1.1.3.1).
    package static let extendedXMPGUIDMismatch = Self("xmp.extendedGUIDMismatch")
}

/// Builds a `ParsedPhoto` from a JPEG: the primary from its SOF and Exif, one aux image per
/// MPF secondary image described by its XMP (CIPA DC-007 + Apple apdi), a GDepth depth
/// map carried in the primary's Extended XMP, and the Dynamic Depth maps appended after the
/// primary.
enum JPEGPhotoReader {
    /// `parsed`: the structure of `bytes` as `JPEG.File(parsing: bytes, limits: limits)` gives
    /// it, when the caller parsed it already (a partial read does, to know what to read).
    static func read(_ bytes: [UInt8], limits: ParseLimits, parsed: JPEG.File? = nil) throws(ParseError) -> ParsedPhoto {
        let file: JPEG.File
        if let parsed { file = parsed } else { file = try JPEG.File(parsing: bytes, limits: limits) }
        var issues = file.issues
        let p = file.primary
        let primary = ParsedPrimaryImage(
            width: p.frame?.width ?? 0, height: p.frame?.height ?? 0,
            orientation: p.exif?.orientation.map(Int.init), codec: .jpeg,
            location: SourceLocation(offset: p.frame?.offset ?? 0, path: p.frame?.path ?? "SOF"))

        // The primary's own XMP: GDepth and Dynamic Depth live here.
        let primaryXMP = p.xmp.flatMap { XMPLoader.parse(bytes, $0.packet, path: $0.path, limits: limits, issues: &issues) }
        let extendedXMP = extendedXMP(of: p, named: primaryXMP, limits: limits, issues: &issues)
        let gdepth = primaryXMP.flatMap { GDepthDescription($0, extended: extendedXMP, limits: limits) }
        // Android's dynamic_depth library writes the Device description in the Extended XMP
        // packet, other writers in the StandardXMP packet.
        let ddInStandard = primaryXMP.flatMap(DynamicDepthDescription.init)
        let ddInExtended = ddInStandard == nil ? extendedXMP.flatMap(DynamicDepthDescription.init) : nil
        let dynamicDepth = ddInStandard ?? ddInExtended
        if let x = p.xmp {
            let at = SourceLocation(offset: x.packet.lowerBound, path: x.path)
            issues += XMPProblems.issues((gdepth?.problems ?? []) + (ddInStandard?.problems ?? []), in: primaryXMP, at: at)
            if let dd = ddInExtended, let ext = extendedXMP {
                issues += XMPProblems.issues(dd.problems, in: ext, at: SourceLocation(offset: ext.offset, path: ext.path))
            }
        }
        var auxImages = gdepth.map { [gdepthImage($0, xmp: p.xmp)] } ?? []
        for g in auxImages { PixelLimit.check(g.coded, limits, issues: &issues) }
        // Dynamic Depth payloads follow the primary's EOI (Dynamic Depth 1.0 §Container), up to
        // the end of the file. With an MP index, the Directory may list an image the index
        // locates too (Google Camera's Portrait originals list the Ultra HDR gain map, which
        // the MP index also holds, before the depth and confidence maps).
        let trailer = dynamicDepthTrailer(file, bytes: bytes)

        let declaration = gainMapDeclaration(p, xmp: primaryXMP, bytes: bytes, issues: &issues)
        let gainMapPosition = declaration.directory?.gainMapPosition
        for (position, image) in file.images.filter({ $0.entry.number > 1 }).enumerated() {
            if let aux = auxImage(image, bytes: bytes, limits: limits, issues: &issues,
                                  namedGainMap: position == gainMapPosition) {
                auxImages.append(aux)
            }
        }
        // Ultra HDR ("Item element"): the directory locates its items after the primary even
        // when there is no MP index, or an MP index that does not reach the gain map.
        if let gainMap = directoryGainMap(file, declaration, besides: auxImages, bytes: bytes, limits: limits, issues: &issues) {
            auxImages.append(gainMap)
        }
        // Dynamic Depth maps are numbered by Directory position from 1 (the primary), after
        // the MP entries when there are any.
        if let dd = dynamicDepth, let trailer, dd.items.count > 1 {
            let first = file.mpf == nil ? 1 : (file.images.map(\.entry.number).max() ?? 1) + 1
            let at = p.xmp.map { SourceLocation(offset: $0.packet.lowerBound, path: $0.path) }
            auxImages += DynamicDepthImages.images(dd, trailer: trailer, bytes: bytes, firstIndex: first, xmp: at,
                                                   limits: limits, issues: &issues)
        }
        appendNumberedLast(to: &auxImages, file, xmp: primaryXMP, extended: extendedXMP, bytes: bytes, limits: limits, issues: &issues)
        return ParsedPhoto(structure: .jpeg(file), primary: primary, auxImages: auxImages, issues: issues,
                          gdepth: gdepth, dynamicDepth: dynamicDepth, trailer: trailer,
                          gainMapDeclaration: declaration.isEmpty ? nil : declaration)
    }

    /// The primary's Extended XMP packet (Adobe XMP Specification Part 3 §1.1.3.1): the
    /// chunks of the GUID its StandardXMP names, reassembled; a GUID no chunk carries is a
    /// reader problem.
    static func extendedXMP(of p: JPEG.Image, named primaryXMP: XMPDocument?, limits: ParseLimits,
                            issues: inout [ParseError]) -> XMPDocument? {
        guard let doc = primaryXMP, let guid = doc.extendedXMPGUID else { return nil }
        guard let ext = p.extendedXMP.first(where: { $0.guid == guid }) else {
            if !p.extendedXMP.isEmpty || !p.extendedXMPChunks.isEmpty {
                issues.append(ParseError(.extendedXMPGUIDMismatch, at: p.xmp?.packet.lowerBound ?? 0, path: p.xmp?.path ?? "APP1/XMP",
                                         "xmpNote:HasExtendedXMP is \(guid) but the Extended XMP chunks carry \(p.extendedXMP.map(\.guid).joined(separator: ", "))"))
            }
            return nil
        }
        guard let data = ext.bytes else { return nil }
        let start = ext.chunks.first?.data.lowerBound ?? 0
        // Positions in the reassembled packet are file offsets only inside its first
        // chunk: each property's is mapped through the chunk that holds it.
        return XMPLoader.parse(data[...], at: start, path: "APP1/ExtendedXMP[\(guid)]", limits: limits, issues: &issues)?
            .remappingOffsets { p in (p -? start).flatMap(ext.fileOffset(ofPacketPosition:)) }
    }

    /// Where Dynamic Depth payloads may lie: after the primary's EOI up to the end of the file
    /// (Dynamic Depth 1.0 §Container); with an MP index, after the first image it locates.
    static func dynamicDepthTrailer(_ file: JPEG.File, bytes: [UInt8]) -> Range<Int>? {
        if file.mpf == nil, let end = file.primary.end { return file.trailingBytes ?? end..<end }
        if file.mpf != nil, let end = file.images.first?.end { return end..<max(end, bytes.count) }
        return nil
    }

    /// The gain map an Ultra HDR directory ("Item element") locates after the primary, when
    /// no MP entry already made it an aux image: a JPEG (SOI) within the file.
    static func directoryGainMap(_ file: JPEG.File, _ declaration: GainMapDeclaration, besides auxImages: [ParsedAuxImage],
                                 bytes: [UInt8], limits: ParseLimits, issues: inout [ParseError]) -> ParsedAuxImage? {
        guard let at = declaration.directory?.gainMapPosition, let end = file.primary.end ?? file.images.first?.end,
              let range = declaration.directory?.secondaryRanges(after: end)[at],
              !auxImages.contains(where: { $0.coded.dataRange?.lowerBound == range.lowerBound }),
              range.count >= 2, range.upperBound <= bytes.count, bytes[range.lowerBound] == 0xFF, bytes[range.lowerBound + 1] == 0xD8
        else { return nil }
        let number = (file.images.map(\.entry.number).max() ?? 1) + 1
        let path = "Container:Directory/Item[\(at + 2)]"
        do {
            let image = try JPEG.Image(parsingHeadersOf: bytes, at: range.lowerBound, pathPrefix: path + "/", limits: limits)
            return secondary(image, number: number, location: SourceLocation(offset: range.lowerBound, path: path),
                             dataRange: range, bytes: bytes, limits: limits, issues: &issues, namedGainMap: true)
        } catch {
            issues.append(error)
            return nil
        }
    }

    /// The images numbered after every other one, in this order: XDM 1.0 depth maps (one per
    /// camera that has one), a Leia LIF trailer's views and disparity maps, Samsung's SEF
    /// trailer depth maps.
    static func appendNumberedLast(to auxImages: inout [ParsedAuxImage], _ file: JPEG.File, xmp primaryXMP: XMPDocument?,
                                   extended extendedXMP: XMPDocument?, bytes: [UInt8], limits: ParseLimits,
                                   issues: inout [ParseError]) {
        func next() -> Int { max(auxImages.map(\.index).max() ?? 1, file.images.map(\.entry.number).max() ?? 1) + 1 }
        if let doc = primaryXMP, let xdm = XDMDescription(doc, extended: extendedXMP, limits: limits) {
            issues += XMPProblems.issues(xdm.problems, in: doc, at: SourceLocation(offset: doc.offset, path: doc.path))
            let first = next()
            for (i, m) in xdm.depthMaps.enumerated() {
                let image = xdmImage(m, index: first + i)
                PixelLimit.check(image.coded, limits, issues: &issues)
                auxImages.append(image)
            }
        }
        if let lif = file.leiaFields {
            auxImages += LeiaImages.images(lif, bytes: bytes, firstIndex: next(), limits: limits, issues: &issues)
        }
        if let dir = file.samsungDirectory {
            auxImages += SamsungDepthImages.images(dir, bytes: bytes, firstIndex: next(), limits: limits, issues: &issues)
        }
    }

    /// What the primary says about a gain map: `hdrgm:Version`, a GContainer directory, an ISO
    /// 21496-1 segment.
    static func gainMapDeclaration(_ p: JPEG.Image, xmp: XMPDocument?, bytes: [UInt8],
                                   issues: inout [ParseError]) -> GainMapDeclaration {
        var d = GainMapDeclaration()
        if let doc = xmp {
            if let v = doc.properties(in: XMPNamespace.adobeGainMap).first(where: { $0.name == "Version" }) {
                d.adobeVersion = (v.value.text ?? "", SourceLocation(offset: v.offset ?? doc.offset, path: doc.path))
            }
            if let dir = GContainerDescription(doc) {
                d.directory = dir
                d.directoryLocation = SourceLocation(offset: dir.offset ?? doc.offset, path: doc.path + "/Container:Directory")
                issues += XMPProblems.issues(dir.problems, in: doc, at: SourceLocation(offset: doc.offset, path: doc.path))
            }
        }
        do { d.isoSegment = try JPEG.GainMapMetadataSegment(in: p, bytes: bytes) } catch { issues.append(error) }
        return d
    }

    /// One MPF secondary image as an aux image. Large thumbnails and multi-frame images are
    /// not aux data and are skipped.
    /// `namedGainMap`: the primary's GContainer directory names this image its gain map.
    static func auxImage(_ m: JPEG.MPImage, bytes: [UInt8], limits: ParseLimits, issues: inout [ParseError],
                         namedGainMap: Bool = false) -> ParsedAuxImage? {
        switch m.entry.type {
        case .largeThumbnail, .baselinePrimary, .originalPreservation:
            return nil
        default: break
        }
        // An entry whose image cannot be found is the MPF rules' finding; it is no aux image.
        guard m.image != nil else { return nil }
        let n = m.entry.number
        let location = SourceLocation(offset: m.start ?? m.entry.offset, path: m.start == nil ? m.entry.path : "MPImage[\(n)]")
        var dataRange: Range<Int>?
        if let s = m.start, let e = m.end, s < e { dataRange = s..<e }
        switch m.entry.type {
        case .multiFramePanorama, .multiFrameDisparity, .multiAngle:
            return view(m, location: location, dataRange: dataRange)
        default: break
        }
        // CIPA DC-007 MP type 0x050000 (gain map image) names a gain map even when the image
        // carries no XMP.
        return secondary(m.image, number: n, location: location, dataRange: dataRange, bytes: bytes, limits: limits,
                         issues: &issues, namedGainMap: namedGainMap || m.entry.type == .gainMap)
    }

    /// One image after the primary as an aux image, classified by what it says of itself (its
    /// XMP, its ISO 21496-1 metadata) and then by what names it (`namedGainMap`).
    static func secondary(_ image: JPEG.Image?, number n: Int, location: SourceLocation, dataRange: Range<Int>?,
                          bytes: [UInt8], limits: ParseLimits, issues: inout [ParseError], namedGainMap: Bool) -> ParsedAuxImage {
        let doc = image?.xmp.flatMap { XMPLoader.parse(bytes, $0.packet, path: $0.path, limits: limits, issues: &issues) }
        let xmpLocation = image?.xmp.map { SourceLocation(offset: $0.packet.lowerBound, path: $0.path) }
        var parts = AuxDescriptionPart.descriptions(in: doc, at: xmpLocation, issues: &issues)
        // ISO 21496-1 Annex C: the gain map image's APP2 segment holds its metadata.
        if let image {
            do {
                if let iso = try JPEG.GainMapMetadataSegment(in: image, bytes: bytes), !iso.isVersionOnly {
                    let tone = HEIF.ToneMap(version: 0, minimumVersion: iso.minimumVersion, writerVersion: iso.writerVersion,
                                            metadata: iso.metadata)
                    parts.append(.toneMap(GainMapToneMap(itemID: n, toneMap: tone, location: SourceLocation(offset: iso.offset, path: iso.path))))
                }
            } catch {
                issues.append(error)
            }
        }
        let apple = parts.lazy.compactMap(\.apple).first
        var (kind, semantic) = AuxClassifier.classify(auxType: nil, apple: apple)
        // What the XMP names, when it names anything, comes first; then Adobe's or ISO's gain
        // map metadata in the image itself, then the directory or MP type naming it.
        if kind == .unknown, namedGainMap || parts.contains(where: { $0.adobeGainMap != nil || $0.toneMap != nil }) {
            kind = .hdrGainMap
        }
        let frame = image?.frame
        let coded = CodedImage(location: location, dataRange: dataRange, codec: .jpeg, width: frame?.width,
                               height: frame?.height, components: frame?.componentCount, bitDepth: frame.map { Int($0.precision) })
        PixelLimit.check(coded, limits, issues: &issues)
        return ParsedAuxImage(index: n, kind: kind, semanticMatte: semantic, auxType: apple?.auxiliaryImageType, coded: coded,
                        parts: parts, geometry: AuxGeometry(orientation: image?.exif?.orientation.map(Int.init), masters: [1]),
                        metadata: XMPLoader.metadata(doc), xmpLocation: xmpLocation, xmp: doc)
    }

    /// A multi-frame image of an MPO (CIPA DC-007 §5.2.3.3.1): a view of kind `view`, its MP
    /// type and its MP Attribute values (§5.2.4: individual image number, base viewpoint,
    /// convergence angle, baseline length) as metadata.
    static func view(_ m: JPEG.MPImage, location: SourceLocation, dataRange: Range<Int>?) -> ParsedAuxImage {
        let frame = m.image?.frame
        let coded = CodedImage(location: location, dataRange: dataRange, codec: .jpeg, width: frame?.width, height: frame?.height,
                               components: frame?.componentCount, bitDepth: frame.map { Int($0.precision) })
        var meta: [(String, MetadataValue)] = []
        switch m.entry.type {
        case .multiFramePanorama: meta.append(("MPImageType", .text("Multi-frame Panorama (0x020001)")))
        case .multiFrameDisparity: meta.append(("MPImageType", .text("Multi-frame Disparity (0x020002)")))
        default: meta.append(("MPImageType", .text("Multi-angle (0x020003)")))
        }
        if let a = m.image?.mpfIndexes.lazy.compactMap(\.attributes).first {
            if let v = a.individualImageNumber { meta.append(("MPIndividualNum", .text(String(v)))) }
            if let v = a.baseViewpointNumber { meta.append(("BaseViewpointNum", .text(String(v)))) }
            if let (n, d) = a.convergenceAngle { meta.append(("ConvergenceAngle", .text(ratio(Int64(n), Int64(d))))) }
            if let (n, d) = a.baselineLength { meta.append(("BaselineLength", .text(ratio(Int64(n), Int64(d))))) }
        }
        return ParsedAuxImage(index: m.entry.number, kind: .view, auxType: nil, coded: coded, parts: [],
                        geometry: AuxGeometry(orientation: m.image?.exif?.orientation.map(Int.init), masters: [1]), metadata: meta)
    }

    /// A rational as its decimal value (exact for the values cameras write), or n/d.
    static func ratio(_ n: Int64, _ d: Int64) -> String {
        guard d != 0 else { return "\(n)/0" }
        let v = Double(n) / Double(d)
        return v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }

    /// An XDM 1.0 camera's depth map: a base64 PNG or JPEG in the (extended) XMP.
    static func xdmImage(_ m: XDMDescription.DepthMap, index: Int) -> ParsedAuxImage {
        let at = SourceLocation(offset: m.location.offset, path: m.location.path + "/DepthMap:Data")
        let coded = CodedImage(embedded: m.data, location: at, codec: m.mime == "image/png" ? .png : .jpeg)
        var meta: [(String, MetadataValue)] = [("XDM:Camera", .text(String(m.camera)))]
        if let f = m.format { meta.append(("DepthMap:Format", .text(f.rawValue))) }
        if let v = m.near { meta.append(("DepthMap:Near", .text(String(v)))) }
        if let v = m.far { meta.append(("DepthMap:Far", .text(String(v)))) }
        if let v = m.metric { meta.append(("DepthMap:Metric", .text(v ? "True" : "False"))) }
        if let v = m.mime { meta.append(("DepthMap:Mime", .text(v))) }
        if let d = m.data { meta.append(("DepthMap:Data", .text("(\(d.count) bytes)"))) }
        return ParsedAuxImage(index: index, kind: .depth, auxType: "XDM", coded: coded, parts: [.xdmDepthMap(m)],
                        geometry: AuxGeometry(masters: []), metadata: meta, xmpLocation: m.location)
    }

    /// GDepth keeps its map as a base64 PNG or JPEG in the (extended) XMP.
    static func gdepthImage(_ g: GDepthDescription, xmp: XMPPacket.Standard?) -> ParsedAuxImage {
        let at = SourceLocation(offset: xmp?.packet.lowerBound ?? 0, path: (xmp?.path ?? "APP1/XMP") + "/GDepth:Data")
        let coded = CodedImage(embedded: g.data, location: at, codec: g.mime == "image/png" ? .png : .jpeg)
        var meta: [(String, MetadataValue)] = []
        if let f = g.format { meta.append(("GDepth:Format", .text(f.rawValue))) }
        if let v = g.near { meta.append(("GDepth:Near", .text(String(v)))) }
        if let v = g.far { meta.append(("GDepth:Far", .text(String(v)))) }
        if let v = g.units { meta.append(("GDepth:Units", .text(v))) }
        if let v = g.mime { meta.append(("GDepth:Mime", .text(v))) }
        if let d = g.data { meta.append(("GDepth:Data", .text("(\(d.count) bytes)"))) }
        return ParsedAuxImage(index: 0, kind: .depth, auxType: "GDepth", coded: coded, parts: [.gdepth(g)],
                        geometry: AuxGeometry(masters: []), metadata: meta, xmpLocation: at)
    }
}
