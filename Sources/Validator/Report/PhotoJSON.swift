import AuxData
import Container

/// The `primary` and `auxImages` fields of the JSON contract (README, "What a report
/// says"). Fields beyond the contract come after the contract's own, so scripts that read
/// the contract's names are never disturbed.
public enum PhotoJSON {
    /// `metadataAsList` writes each aux image's `metadata` as a list of `{"key", "value"}`
    /// objects (the JSON Lines shape: a fixed schema whatever keys a vendor writes) instead of
    /// an object keyed by property name.
    public static func fields(_ p: DepthPhoto, pixels: [AuxPixelSummary] = [], metadataAsList: Bool = false) -> [(String, JSONValue)] {
        var primary: [(String, JSONValue)] = [
            ("width", .int(p.primary.width)),
            ("height", .int(p.primary.height)),
            ("orientation", p.primary.orientation.map { .int($0) } ?? .null),
            ("codec", .string(p.primary.codec)),
        ]
        if let id = p.primary.itemID { primary.append(("itemID", .int(id))) }
        if !p.primary.transforms.isIdentity { primary.append(("transforms", transforms(p.primary.transforms))) }
        let byIndex = Dictionary(pixels.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        return [("primary", .object(primary)),
                ("auxImages", .array(p.auxImages.map { aux($0, pixels: byIndex[$0.index], metadataAsList: metadataAsList) }))]
    }

    /// `statistics` of a decoded aux image (values min/max/mean without NaN, NaN count, 256-bin
    /// histogram of the stored samples); null with `decodeError` when it does not decode.
    static func statistics(_ s: AuxPixelSummary) -> [(String, JSONValue)] {
        switch s.result {
        case .success(let d):
            let t = d.statistics
            func number(_ v: Double) -> JSONValue { v.isFinite ? .double(v) : (v.isNaN ? .null : .string(v > 0 ? "inf" : "-inf")) }
            return [("statistics", .object([
                ("min", number(t.min)), ("max", number(t.max)), ("mean", number(t.mean)), ("nanCount", .int(t.nanCount)),
                ("histogram", .array(t.histogram.map { .int($0) })),
            ])), ("values", .object([("source", .string(d.mapping.source)), ("unit", .string(d.mapping.unit.rawValue)),
                                    // m, 1/m, normalized 0-1, or "units not declared" (GDepth without Units)
                                    ("units", .string(d.mapping.unitLabel())),
                                    ("bitDepth", .int(d.layout.bitDepth))]))]
        case .failure(let e):
            return [("statistics", .null), ("decodeError", .string(e.description))]
        }
    }

    static func aux(_ a: AuxImage, pixels: AuxPixelSummary? = nil, metadataAsList: Bool = false) -> JSONValue {
        func value(_ v: MetadataValue) -> JSONValue {
            switch v {
            case .text(let s): return .string(s)
            case .list(let l): return .array(l.map { .string($0) })
            }
        }
        let metadata: JSONValue = metadataAsList
            ? .array(a.metadata.map { k, v in .object([("key", .string(k)), ("value", value(v))]) })
            : .object(a.metadata.map { k, v in (k, value(v)) })
        var o: [(String, JSONValue)] = [
            ("index", .int(a.index)),
            ("kind", .string(a.kind.rawValue)),
            ("auxType", a.auxType.map { .string($0) } ?? .null),
            ("width", a.width.map { .int($0) } ?? .null),
            ("height", a.height.map { .int($0) } ?? .null),
            ("description", a.dictionary.map { d in
                .object([("PixelFormat", .string(d.pixelFormat.description)), ("Width", .int(d.width)),
                         ("Height", .int(d.height)), ("BytesPerRow", .int(d.bytesPerRow))])
            } ?? .null),
            ("storedFormat", a.storedFormat.map { .string($0.description) } ?? .null),
            ("metadata", metadata),
        ]
        if let p = pixels { o += statistics(p) }
        if let t = a.toneMaps.first { o.append(("toneMap", toneMap(t))) }
        if let s = a.semanticMatte { o.append(("semanticMatte", .string(s.rawValue))) }
        o.append(("codec", .string(a.coded.codec)))
        if let c = a.coded.components { o.append(("components", .int(c))) }
        if let b = a.coded.bitDepth { o.append(("bitDepth", .int(b))) }
        let r = a.valueRange
        if r.intMin != nil || r.intMax != nil || r.floatMin != nil || r.floatMax != nil {
            var ro: [(String, JSONValue)] = []
            if let v = r.intMin { ro.append(("IntMinValue", .int(v))) }
            if let v = r.intMax { ro.append(("IntMaxValue", .int(v))) }
            if let v = r.floatMin { ro.append(("FloatMinValue", .double(v))) }
            if let v = r.floatMax { ro.append(("FloatMaxValue", .double(v))) }
            o.append(("range", .object(ro)))
        }
        if let d = a.representation {
            var ro: [(String, JSONValue)] = [("representationType", .int(d.representationType))]
            if let v = d.zNear { ro.append(("zNear", .double(v))) }
            if let v = d.zFar { ro.append(("zFar", .double(v))) }
            if let v = d.dMin { ro.append(("dMin", .double(v))) }
            if let v = d.dMax { ro.append(("dMax", .double(v))) }
            if let v = d.disparityReferenceView { ro.append(("disparityReferenceView", .int(v))) }
            o.append(("depthRepresentation", .object(ro)))
        }
        if !a.geometry.masters.isEmpty { o.append(("masters", .array(a.geometry.masters.map { .int($0) }))) }
        if !a.geometry.transforms.isIdentity { o.append(("transforms", transforms(a.geometry.transforms))) }
        o.append(("offset", .int(a.location.offset)))
        o.append(("path", .string(a.location.path)))
        return .object(o)
    }

    /// ISO 21496-1 metadata of the `tmap` item that uses the image as its gain map; a value
    /// whose denominator is zero, or that an unknown version leaves unread, is null.
    static func toneMap(_ t: GainMapToneMap) -> JSONValue {
        func number(_ f: HEIF.Fraction?) -> JSONValue { f?.value.map { .double($0) } ?? .null }
        let m = t.toneMap.metadata
        return .object([
            ("itemID", .int(t.itemID)),
            ("version", .int(Int(t.toneMap.version))),
            ("baseHdrHeadroom", number(m?.baseHdrHeadroom)),
            ("alternateHdrHeadroom", number(m?.alternateHdrHeadroom)),
            ("channels", .array((m?.channels ?? []).map { c in
                .object([("gainMapMin", number(c.gainMapMin)), ("gainMapMax", number(c.gainMapMax)),
                         ("gamma", number(c.gamma)), ("baseOffset", number(c.baseOffset)),
                         ("alternateOffset", number(c.alternateOffset))])
            })),
        ])
    }

    static func transforms(_ t: ImageTransforms) -> JSONValue {
        var o: [(String, JSONValue)] = []
        if let r = t.rotation { o.append(("rotation", .int(r))) }
        if let m = t.mirrorAxis { o.append(("mirrorAxis", .int(m))) }
        if let c = t.cleanAperture {
            o.append(("cleanAperture", .object([("width", .double(c.width)), ("height", .double(c.height)),
                                                ("horizontalOffset", .double(c.horizontalOffset)),
                                                ("verticalOffset", .double(c.verticalOffset))])))
        }
        return .object(o)
    }
}
