import Container

/// The other views and the disparity maps of a Leia LIF trailer as aux images. The trailer's
/// JSON field (type 7) lists the views, each with the field type of its image (`albedoId`, -1
/// for the primary) and of its disparity map (`disparityId`, 0 for none); a named field that
/// holds a JPEG or a PNG is listed once, as a view or as a disparity map.
enum LeiaImages {
    static let jsonField: UInt32 = 7

    static func images(_ lif: JPEG.LeiaFields, bytes: [UInt8], firstIndex: Int,
                       limits: ParseLimits, issues: inout [ParseError]) -> [ParsedAuxImage] {
        guard let json = lif.field(jsonField) else { return [] }
        let views = Self.views(Array(bytes[json.data]))
        var named: [(type: UInt32, view: Int, kind: AuxImageKind)] = []
        for (i, v) in views.enumerated() {
            if let a = v.albedo, a > 0, !named.contains(where: { $0.type == UInt32(a) }) { named.append((UInt32(a), i, .view)) }
            if let d = v.disparity, d > 0, !named.contains(where: { $0.type == UInt32(d) }) { named.append((UInt32(d), i, .disparity)) }
        }
        var out: [ParsedAuxImage] = []
        for n in named {
            guard let f = lif.field(n.type), f.data.count >= 8 else { continue }
            let head = bytes[f.data.lowerBound..<(f.data.lowerBound + 8)]
            let codec: Codec
            if head.starts(with: [0xFF, 0xD8]) { codec = .jpeg }
            else if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { codec = .png }
            else { continue }
            let at = SourceLocation(offset: f.data.lowerBound, path: "LIF/field[\(n.type)]")
            let sized = CodedImage(embedded: Array(bytes[f.data]), location: at, codec: codec)
            let coded = CodedImage(location: at, dataRange: f.data, codec: codec, width: sized.width, height: sized.height,
                                   components: sized.components, bitDepth: sized.bitDepth)
            PixelLimit.check(coded, limits, issues: &issues)
            guard let index = firstIndex +? out.count else { break }
            let meta: [(String, MetadataValue)] = [("LIF:View", .text(String(n.view))),
                                                   (n.kind == .view ? "LIF:albedoId" : "LIF:disparityId", .text(String(n.type)))]
            out.append(ParsedAuxImage(index: index, kind: n.kind, auxType: n.kind == .view ? "LIF:albedo" : "LIF:disparity",
                                      coded: coded, parts: [.leia(LeiaMap(fieldType: n.type, view: n.view))],
                                      geometry: AuxGeometry(masters: [1]), metadata: meta))
        }
        return out
    }

    /// Each view's `albedoId` and `disparityId` from the JSON's `views` array, read as the
    /// integers that follow those keys inside each `{…}` of the array. Leia's writer emits
    /// flat objects of numbers; anything else yields nil values.
    static func views(_ json: [UInt8]) -> [(albedo: Int?, disparity: Int?)] {
        guard let v = XMPParser.find(Array("\"views\"".utf8), in: json[...]),
              let open = json[v...].firstIndex(of: UInt8(ascii: "[")) else { return [] }
        var out: [(Int?, Int?)] = []
        var i = open + 1
        while i < json.count, json[i] != UInt8(ascii: "]"), out.count < 64 {
            guard json[i] == UInt8(ascii: "{") else { i += 1; continue }
            guard let close = json[i...].firstIndex(of: UInt8(ascii: "}")) else { break }
            let object = Array(json[i..<close])
            out.append((integer(after: "albedoId", in: object), integer(after: "disparityId", in: object)))
            i = close + 1
        }
        return out
    }

    static func integer(after key: String, in object: [UInt8]) -> Int? {
        guard let k = XMPParser.find(Array("\"\(key)\"".utf8), in: object[...]) else { return nil }
        var i = k + key.utf8.count + 2
        while i < object.count, object[i] == 0x20 || object[i] == UInt8(ascii: ":") { i += 1 }
        var negative = false
        if i < object.count, object[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        var value = 0, digits = 0
        while i < object.count, (0x30...0x39).contains(object[i]), digits < 12 {
            value = value * 10 + Int(object[i] - 0x30)
            digits += 1
            i += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }
}
