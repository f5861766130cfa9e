import Container

/// Takes a Google depth description out of a JPEG's primary image: GDepth (its properties,
/// the base64 map `GDepth:Data` usually in the Extended XMP packet; GDepth: "Depthmap
/// metadata") or Dynamic Depth (the `Device` element and every element of the Dynamic Depth
/// namespaces; Dynamic Depth 1.0 §Elements). Adobe XMP Specification Part 3 §1.1.3.1: the
/// StandardXMP packet loses every property of those namespaces; the Extended XMP packet loses
/// them too and, when others are left (Lens Blur keeps the unblurred original as `GImage:Data`
/// there), is written again under the MD5 of its new bytes, which `xmpNote:HasExtendedXMP`
/// then names; when nothing is left, its segments and `xmpNote:HasExtendedXMP` go, and so does
/// a StandardXMP packet left with no property. Every other segment and the coded data stay as
/// they were.
enum PrimaryXMPRemoval {
    /// The Dynamic Depth 1.0 namespaces, `http://ns.google.com/photos/dd/1.0/<element>/`.
    static let dynamicDepthNamespaces = ["device", "container", "item", "profile", "camera", "depthmap", "image",
                                         "imagingmodel", "pose", "plane", "pointcloud", "vendorinfo", "appinfo",
                                         "earthpose", "lightestimate"].map(XMPNamespace.dynamicDepth)

    /// The primary's bytes (SOI to EOI) without GDepth.
    static func removingGDepth(from image: [UInt8], file: JPEG.File, limits: ParseLimits) throws(WriteError) -> [UInt8] {
        try removing([XMPNamespace.gDepth], what: "GDepth", from: image, file: file, limits: limits)
    }

    /// The primary's bytes (SOI to EOI) without Dynamic Depth's description.
    static func removingDynamicDepth(from image: [UInt8], file: JPEG.File, limits: ParseLimits) throws(WriteError) -> [UInt8] {
        try removing(dynamicDepthNamespaces, what: "Dynamic Depth", from: image, file: file, limits: limits)
    }

    /// The primary's bytes (SOI to EOI) without the properties of `namespaces`. `file` is
    /// `image` parsed, whose primary starts at offset 0.
    static func removing(_ namespaces: [String], what: String, from image: [UInt8], file: JPEG.File,
                         limits: ParseLimits) throws(WriteError) -> [UInt8] {
        let p = file.primary
        guard let xmp = p.xmp, xmp.packet.upperBound <= image.count else {
            throw WriteError(.unreadable, at: 0, path: "APP1/XMP", "the primary has no StandardXMP packet to take \(what) from")
        }
        let standard = Array(image[xmp.packet])
        let guid = try WriteError.reading(try XMPDocument(parsing: standard, at: xmp.packet.lowerBound, path: xmp.path, limits: limits)).extendedXMPGUID
        var note = XMPPacket.PropertyRemoval.ExtendedNote.keep
        var extended: [UInt8]?
        if let guid, let ext = p.extendedXMP.first(where: { $0.guid == guid }) {
            // A packet that cannot be reassembled may hold a map the writer cannot see to
            // remove: refused, so that no depth map is left behind in a photo said to have none.
            guard let packet = ext.bytes else {
                throw WriteError(.unreadable, at: ext.chunks.first?.guidFieldOffset ?? xmp.packet.lowerBound,
                                 path: "APP1/ExtendedXMP[\(guid)]", "the Extended XMP chunks do not reassemble, so \(what) cannot be taken out of them")
            }
            let path = "APP1/ExtendedXMP[\(guid)]"
            let left = try WriteError.reading(try XMPPacket.PropertyRemoval.removing(namespaces: namespaces, from: packet, path: path)).bytes
            if try WriteError.reading(try XMPDocument(parsing: left, at: 0, path: path, limits: limits)).properties.isEmpty {
                note = .remove
            } else {
                note = .set(MD5.hexDigest(left))
                extended = left
            }
        }
        let newStandard = try WriteError.reading(try XMPPacket.PropertyRemoval.removing(namespaces: namespaces, note: note,
                                                                                       from: standard, path: xmp.path)).bytes
        let oldGUID = note == .keep ? nil : guid
        // A packet left with no property and no Extended XMP says nothing: its segment goes too,
        // so no trace of what was removed stays.
        let left = try WriteError.reading(try XMPDocument(parsing: newStandard, at: 0, path: xmp.path, limits: limits))
        let empty = extended == nil && left.properties.isEmpty
        return try JPEG.MultiPictureFile.replacingXMP(in: image, standard: empty ? nil : newStandard, oldGUID: oldGUID,
                                                      extended: extended)
    }
}
