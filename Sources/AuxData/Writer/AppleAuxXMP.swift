/// Apple's XMP for an aux image, as iPhones write it beside each map: an `x:xmpmeta` (in the
/// packet wrapper, `XMPPacketWrapper`)
/// with one `rdf:Description` carrying the apdi pixel data info (NativeFormat, StoredFormat,
/// the integer and float range, AuxiliaryImageType and SubType) and, for mattes, the matte
/// version. Values are element text, integers in decimal (Apple's "Creating auxiliary depth
/// data manually" describes the dictionary these fields come from).
package enum AppleAuxXMP {
    /// The packet for `map`. JPEG files name the portrait matte `depth` with SubType
    /// `portraiteffectsmatte` (as iPhone JPEGs do); HEIC files name it by its URN in `auxC`
    /// and carry the same apdi fields.
    package static func packet(for map: AuxMap) -> String {
        var fields: [(String, String)] = [("apdi:NativeFormat", String(map.nativeFormat.rawValue)),
                                          ("apdi:StoredFormat", String(PixelFormat.L008.rawValue))]
        switch map.kind {
        case .depth, .disparity:
            fields.append(("apdi:AuxiliaryImageType", map.kind == .depth ? "depth" : "disparity"))
            fields.append(("apdi:IntMinValue", "0"))
            fields.append(("apdi:IntMaxValue", "255"))
            if let a = map.floatMin, let b = map.floatMax {
                fields.append(("apdi:FloatMinValue", "\(a)"))
                fields.append(("apdi:FloatMaxValue", "\(b)"))
            }
        case .portraitEffectsMatte:
            fields.append(("apdi:AuxiliaryImageType", "depth"))
            fields.append(("apdi:AuxiliaryImageSubType", "portraiteffectsmatte"))
            fields.append(("portraitEffectsMatte:PortraitEffectsMatteVersion", "65536"))
        case .semanticMatte:
            fields.append(("apdi:AuxiliaryImageType", map.auxType))
        default:
            break
        }
        var s = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\" x:xmptk=\"depthcheck\">"
        s += "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
        s += "<rdf:Description rdf:about=\"\" xmlns:apdi=\"http://ns.apple.com/pixeldatainfo/1.0/\""
        if map.kind == .portraitEffectsMatte { s += " xmlns:portraitEffectsMatte=\"http://ns.apple.com/portraitEffectsMatte/1.0/\"" }
        s += ">"
        for (name, value) in fields { s += "<\(name)>\(value)</\(name)>" }
        s += "</rdf:Description></rdf:RDF></x:xmpmeta>"
        return XMPPacketWrapper.wrapped(s)
    }
}
