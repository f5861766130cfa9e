import Container

/// Apple's XMP for an aux image, as iPhones write it beside each map: an `x:xmpmeta` (in the
/// packet wrapper, `XMPPacketWrapper`)
/// with one `rdf:Description` carrying the apdi pixel data info (NativeFormat, StoredFormat,
/// the integer and float range, AuxiliaryImageType and SubType), for a depth or disparity map
/// the camera calibration it keeps (`DepthCalibration`), and, for mattes, the matte version. Values are element text, integers in decimal (Apple's "Creating auxiliary depth
/// data manually" describes the dictionary these fields come from).
package enum AppleAuxXMP {
    typealias Name = AppleAuxDescription.Name

    /// The packet for `map`. JPEG files name the portrait matte `depth` with SubType
    /// `portraiteffectsmatte` (as iPhone JPEGs do); HEIC files name it by its URN in `auxC`
    /// and carry the same apdi fields.
    package static func packet(for map: AuxMap) -> String {
        var fields: [(XMPName, String)] = [(Name.nativeFormat, String(map.nativeFormat.osType)),
                                           (Name.storedFormat, String(PixelFormat.L008.osType))]
        switch map.kind {
        case .depth, .disparity:
            fields.append((Name.auxiliaryImageType, map.kind == .depth ? "depth" : "disparity"))
            fields.append((Name.intMinValue, "0"))
            fields.append((Name.intMaxValue, "255"))
            if let a = map.floatMin, let b = map.floatMax {
                fields.append((Name.floatMinValue, "\(a)"))
                fields.append((Name.floatMaxValue, "\(b)"))
            }
        case .portraitEffectsMatte:
            fields.append((Name.auxiliaryImageType, "depth"))
            fields.append((Name.auxiliaryImageSubType, "portraiteffectsmatte"))
            fields.append((XMPName.portraitEffectsMatteVersion, "65536"))
        case .semanticMatte:
            fields.append((Name.auxiliaryImageType, map.auxType))
        default:
            break
        }
        let calibration = map.kind.isDepthLike ? map.calibration?.elements ?? [] : []
        let names = fields.map(\.0) + (calibration.isEmpty ? [] : [XMPName(XMPNamespace.depthData, "depthData", "IntrinsicMatrix")])
        let description = XMPWriter.description(declaring: XMPWriter.namespaces(of: names), [],
                                                 children: fields.map { XMPWriter.Element.property($0.0, $0.1) } + calibration)
        return XMPPacketWrapper.wrapped(XMPWriter.packet([description]))
    }
}
