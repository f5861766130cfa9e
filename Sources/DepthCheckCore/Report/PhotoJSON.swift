import AuxData
import Container
import Validator

/// The `primary` and `auxImages` fields of the JSON contract (README, "What a report
/// says"). Fields beyond the contract come after the contract's own, so scripts that read
/// the contract's names are never disturbed.
package enum PhotoJSON {
    /// `metadataAsList` writes each aux image's `metadata` as a list of `{"key", "value"}`
    /// objects (the JSON Lines shape: a fixed schema whatever keys a vendor writes) instead of
    /// an object keyed by property name.
    package static func fields(_ p: ParsedPhoto, pixels: [AuxPixelSummary] = [], metadataAsList: Bool = false) -> [(String, JSONValue)] {
        JSONTreeBuilder.members { write(p, pixels: pixels, metadataAsList: metadataAsList, into: &$0) }
    }

    /// `fields(_:pixels:metadataAsList:)` written into the object `s` has open.
    static func write<S: JSONSink>(_ p: ParsedPhoto, pixels: [AuxPixelSummary], metadataAsList: Bool,
                                   shortening: RecordShortening = .none, into s: inout S) {
        s.object("primary") { s in
            s.field("width", p.primary.width)
            s.field("height", p.primary.height)
            s.field("orientation", p.primary.orientation)
            s.field("codec", p.primary.codec.description)
            if let id = p.primary.itemID { s.field("itemID", id) }
            if !p.primary.transforms.isIdentity { s.key("transforms"); transforms(p.primary.transforms, into: &s) }
        }
        s.array("auxImages") { s in
            for a in p.auxImages.prefix(shortening.auxImages ?? p.auxImages.count) {
                // The first summary of an index counts, as a dictionary keyed by index kept it.
                aux(a, pixels: pixels.first { $0.index == a.index }, metadataAsList: metadataAsList, shortening: shortening, into: &s)
            }
        }
    }

    /// `statistics` of a decoded aux image (values min/max/mean without NaN, NaN count, 256-bin
    /// histogram of the stored samples); null with `decodeError` when it does not decode.
    static func statistics<S: JSONSink>(_ summary: AuxPixelSummary, histogram: Bool = true, into s: inout S) {
        switch summary.result {
        case .success(let d):
            let t = d.statistics
            func number(_ name: String, _ v: Double, _ s: inout S) {
                s.key(name)
                if v.isFinite { s.double(v) } else if v.isNaN { s.null() } else { s.string(v > 0 ? "inf" : "-inf") }
            }
            func fields(_ t: AuxStatistics, _ s: inout S) {
                number("min", t.min, &s)
                number("max", t.max, &s)
                number("mean", t.mean, &s)
                s.field("nanCount", t.nanCount)
                if histogram { s.array("histogram") { s in for n in t.histogram { s.int(n) } } }
            }
            s.object("statistics") { s in
                fields(t, &s)
                // A colour gain map: the same for red, green and blue.
                if !t.channels.isEmpty {
                    s.array("channels") { s in for c in t.channels { s.beginObject(); fields(c, &s); s.endObject() } }
                }
            }
            s.object("values") { s in
                s.field("source", d.mapping.source)
                s.field("unit", d.mapping.unit.rawValue)
                // m, 1/m, normalized 0-1, or "units not declared" (GDepth without Units)
                s.field("units", d.mapping.unitLabel())
                s.field("bitDepth", d.layout.bitDepth)
                if d.layout.channels > 1 { s.field("channels", d.layout.channels) }
            }
        case .failure(let e):
            s.key("statistics")
            s.null()
            s.field("decodeError", e.description)
        }
    }

    /// One aux image's object.
    static func aux(_ a: ParsedAuxImage, pixels: AuxPixelSummary? = nil, metadataAsList: Bool = false) -> JSONValue {
        JSONTreeBuilder.build { aux(a, pixels: pixels, metadataAsList: metadataAsList, into: &$0) }
    }

    static func aux<S: JSONSink>(_ a: ParsedAuxImage, pixels: AuxPixelSummary?, metadataAsList: Bool,
                                 shortening: RecordShortening = .none, into s: inout S) {
        let valueBytes = shortening.metadataValueBytes
        func value(_ v: MetadataValue, _ s: inout S) {
            switch v {
            case .text(let text): s.string(RecordShortening.cut(text, to: valueBytes))
            case .list(let l):
                s.beginArray()
                for item in l { s.string(RecordShortening.cut(item, to: valueBytes)) }
                s.endArray()
            }
        }
        s.beginObject()
        s.field("index", a.index)
        s.field("kind", a.kind.rawValue)
        s.field("auxType", a.auxType)
        s.field("width", a.width)
        s.field("height", a.height)
        s.key("description")
        if let d = a.dictionary {
            s.beginObject()
            s.field("PixelFormat", d.pixelFormat.description)
            s.field("Width", d.width)
            s.field("Height", d.height)
            s.field("BytesPerRow", d.bytesPerRow)
            s.endObject()
        } else {
            s.null()
        }
        s.field("storedFormat", a.storedFormat?.description)
        if metadataAsList {
            s.array("metadata") { s in
                for (k, v) in a.metadata where shortening.metadata {
                    s.beginObject()
                    s.field("key", k)
                    s.key("value")
                    value(v, &s)
                    s.endObject()
                }
            }
        } else {
            s.object("metadata") { s in
                for (k, v) in a.metadata {
                    s.key(k)
                    value(v, &s)
                }
            }
        }
        if let p = pixels, shortening.statistics { statistics(p, histogram: shortening.histograms, into: &s) }
        if let t = a.toneMaps.first { s.key("toneMap"); toneMap(t, into: &s) }
        if let m = a.semanticMatte { s.field("semanticMatte", m.rawValue) }
        s.field("codec", a.coded.codec.description)
        if let c = a.coded.components { s.field("components", c) }
        if let b = a.coded.bitDepth { s.field("bitDepth", b) }
        let r = a.valueRange
        if r.intMin != nil || r.intMax != nil || r.floatMin != nil || r.floatMax != nil {
            s.object("range") { s in
                if let v = r.intMin { s.field("IntMinValue", v) }
                if let v = r.intMax { s.field("IntMaxValue", v) }
                if let v = r.floatMin { s.field("FloatMinValue", v) }
                if let v = r.floatMax { s.field("FloatMaxValue", v) }
            }
        }
        if let d = a.representation {
            s.object("depthRepresentation") { s in
                s.field("representationType", d.representationType)
                if let v = d.zNear { s.field("zNear", v) }
                if let v = d.zFar { s.field("zFar", v) }
                if let v = d.dMin { s.field("dMin", v) }
                if let v = d.dMax { s.field("dMax", v) }
                if let v = d.disparityReferenceView { s.field("disparityReferenceView", v) }
            }
        }
        if !a.geometry.masters.isEmpty { s.array("masters") { s in for m in a.geometry.masters { s.int(m) } } }
        if !a.geometry.transforms.isIdentity { s.key("transforms"); transforms(a.geometry.transforms, into: &s) }
        s.field("offset", a.location.offset)
        s.field("path", a.location.path)
        s.endObject()
    }

    /// ISO 21496-1 metadata of the `tmap` item that uses the image as its gain map; a value
    /// whose denominator is zero, or that an unknown version leaves unread, is null.
    static func toneMap<S: JSONSink>(_ t: GainMapToneMap, into s: inout S) {
        func number(_ name: String, _ f: HEIF.Fraction?, _ s: inout S) {
            s.key(name)
            if let v = f?.value { s.double(v) } else { s.null() }
        }
        let m = t.toneMap.metadata
        s.beginObject()
        s.field("itemID", t.itemID)
        s.field("version", Int(t.toneMap.version))
        number("baseHdrHeadroom", m?.baseHdrHeadroom, &s)
        number("alternateHdrHeadroom", m?.alternateHdrHeadroom, &s)
        s.array("channels") { s in
            for c in m?.channels ?? [] {
                s.beginObject()
                number("gainMapMin", c.gainMapMin, &s)
                number("gainMapMax", c.gainMapMax, &s)
                number("gamma", c.gamma, &s)
                number("baseOffset", c.baseOffset, &s)
                number("alternateOffset", c.alternateOffset, &s)
                s.endObject()
            }
        }
        s.endObject()
    }

    static func transforms<S: JSONSink>(_ t: ImageTransforms, into s: inout S) {
        s.beginObject()
        if let r = t.rotation { s.field("rotation", r) }
        if let m = t.mirrorAxis { s.field("mirrorAxis", m) }
        if let c = t.cleanAperture {
            s.object("cleanAperture") { s in
                s.field("width", c.width)
                s.field("height", c.height)
                s.field("horizontalOffset", c.horizontalOffset)
                s.field("verticalOffset", c.verticalOffset)
            }
        }
        s.endObject()
    }
}
