import Container

extension ParseError.Code {
    /// xmpNote:HasExtendedXMP names a GUID that no Extended XMP chunk carries (Adobe XMP
    /// Specification Part 3 §1.1.3.1).
    public static let extendedXMPGUIDMismatch = Self("xmp.extendedGUIDMismatch")
}

/// Builds a `DepthPhoto` from a JPEG: the primary from its SOF and Exif, one aux image per
/// MPF secondary image described by its XMP (CIPA DC-007 + Apple apdi), and a GDepth depth
/// map carried in the primary's Extended XMP.
enum JPEGPhotoReader {
    static func read(_ bytes: [UInt8], limits: ParseLimits) throws(ParseError) -> DepthPhoto {
        let file = try JPEG.File(parsing: bytes, limits: limits)
        var issues = file.issues
        let p = file.primary
        let primary = PrimaryImage(
            width: p.frame?.width ?? 0, height: p.frame?.height ?? 0,
            orientation: p.exif?.orientation.map(Int.init), codec: "jpeg",
            location: SourceLocation(offset: p.frame?.offset ?? 0, path: p.frame?.path ?? "SOF"))
        var photo = DepthPhoto(structure: .jpeg(file), primary: primary)

        // The primary's own XMP: GDepth and Dynamic Depth live here.
        let primaryXMP = p.xmp.flatMap { XMPLoader.parse(bytes, $0.packet, path: $0.path, limits: limits, issues: &issues) }
        var extendedXMP: XMPDocument?
        if let doc = primaryXMP, let guid = doc.hasExtendedXMP {
            if let ext = p.extendedXMP.first(where: { $0.guid == guid }) {
                if let data = ext.bytes {
                    let start = ext.chunks.first?.data.lowerBound ?? 0
                    extendedXMP = XMPLoader.parse(data[...], at: start, path: "APP1/ExtendedXMP[\(guid)]", limits: limits, issues: &issues)
                }
            } else if !p.extendedXMP.isEmpty || !p.extendedXMPChunks.isEmpty {
                issues.append(ParseError(.extendedXMPGUIDMismatch, at: p.xmp?.packet.lowerBound ?? 0, path: p.xmp?.path ?? "APP1/XMP",
                                         "xmpNote:HasExtendedXMP is \(guid) but the Extended XMP chunks carry \(p.extendedXMP.map(\.guid).joined(separator: ", "))"))
            }
        }
        if let doc = primaryXMP {
            if let g = GDepthDescription(doc, extended: extendedXMP, limits: limits) {
                photo.gdepth = g
                photo.auxImages.append(gdepthImage(g, xmp: p.xmp))
            }
            photo.dynamicDepth = DynamicDepthDescription(doc)
        }
        // Dynamic Depth payloads follow the primary's EOI (Dynamic Depth 1.0 §Container).
        if file.mpf == nil, let end = p.end {
            photo.trailer = file.trailingBytes ?? end..<end
        }

        for image in file.images where image.entry.number > 1 {
            if let aux = auxImage(image, bytes: bytes, limits: limits, issues: &issues) {
                photo.auxImages.append(aux)
            }
        }
        photo.issues = issues
        return photo
    }

    /// One MPF secondary image as an aux image. Large thumbnails and multi-frame images are
    /// not aux data and are skipped.
    static func auxImage(_ m: JPEG.MPImage, bytes: [UInt8], limits: ParseLimits, issues: inout [ParseError]) -> AuxImage? {
        switch m.entry.type {
        case .largeThumbnail, .multiFramePanorama, .multiFrameDisparity, .multiAngle, .baselinePrimary, .originalPreservation:
            return nil
        default: break
        }
        // An entry whose image cannot be found is the MPF rules' finding; it is no aux image.
        guard m.image != nil else { return nil }
        let n = m.entry.number
        let location = SourceLocation(offset: m.start ?? m.entry.offset, path: m.start == nil ? m.entry.path : "MPImage[\(n)]")
        let image = m.image
        let doc = image?.xmp.flatMap { XMPLoader.parse(bytes, $0.packet, path: $0.path, limits: limits, issues: &issues) }
        let apple = doc.flatMap(AppleAuxDescription.init)
        var (kind, semantic) = AuxClassifier.classify(auxType: nil, apple: apple)
        if kind == .unknown, m.entry.type == .gainMap { kind = .hdrGainMap }

        var aux = AuxImage(index: n, kind: kind, codec: "jpeg", location: location)
        aux.semanticMatte = semantic
        aux.auxType = apple?.auxiliaryImageType
        aux.declaredType = apple?.auxiliaryImageType
        aux.declaredSubType = apple?.auxiliaryImageSubType
        aux.width = image?.frame?.width
        aux.height = image?.frame?.height
        aux.components = image?.frame?.componentCount
        aux.bitDepth = image?.frame.map { Int($0.precision) }
        aux.orientation = image?.exif?.orientation.map(Int.init)
        aux.masters = [1]
        aux.describe(apple: apple, depthData: doc.flatMap(DepthDataDescription.init))
        aux.metadata = XMPLoader.metadata(doc)
        if let x = image?.xmp { aux.xmpLocation = SourceLocation(offset: x.packet.lowerBound, path: x.path) }
        if let s = m.start, let e = m.end, s < e { aux.dataRange = s..<e }
        return aux
    }

    /// GDepth keeps its map as a base64 PNG or JPEG in the (extended) XMP.
    static func gdepthImage(_ g: GDepthDescription, xmp: XMPPacket.Standard?) -> AuxImage {
        let at = SourceLocation(offset: xmp?.packet.lowerBound ?? 0, path: (xmp?.path ?? "APP1/XMP") + "/GDepth:Data")
        var aux = AuxImage(index: 0, kind: .depth, codec: g.mime == "image/png" ? "png" : "jpeg", location: at)
        aux.auxType = "GDepth"
        if let data = g.data {
            if let png = PNGHeader(data) {
                aux.codec = "png"
                aux.width = png.width
                aux.height = png.height
                aux.components = png.components
                aux.bitDepth = png.bitDepth
            } else if data.count >= 2, data[0] == 0xFF, data[1] == 0xD8,
                      let img = try? JPEG.Image(parsingHeadersOf: data, at: 0, pathPrefix: "GDepth/") {
                aux.codec = "jpeg"
                aux.width = img.frame?.width
                aux.height = img.frame?.height
                aux.components = img.frame?.componentCount
                aux.bitDepth = img.frame.map { Int($0.precision) }
            }
        }
        var meta: [(String, MetadataValue)] = []
        if let f = g.format { meta.append(("GDepth:Format", .text(f.rawValue))) }
        if let v = g.near { meta.append(("GDepth:Near", .text(String(v)))) }
        if let v = g.far { meta.append(("GDepth:Far", .text(String(v)))) }
        if let v = g.units { meta.append(("GDepth:Units", .text(v))) }
        if let v = g.mime { meta.append(("GDepth:Mime", .text(v))) }
        if let d = g.data { meta.append(("GDepth:Data", .text("(\(d.count) bytes)"))) }
        aux.metadata = meta
        aux.xmpLocation = at
        return aux
    }
}
