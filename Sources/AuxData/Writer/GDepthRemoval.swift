import Container

/// Takes a GDepth depth map out of a JPEG's primary image. Google's GDepth metadata is
/// properties of the `GDepth` namespace in the primary's XMP, the base64 map (`GDepth:Data`)
/// usually in the Extended XMP packet (GDepth: "Depthmap metadata"; Adobe XMP Specification
/// Part 3 §1.1.3.1). The StandardXMP packet loses every GDepth property; the Extended XMP
/// packet loses its GDepth properties and, when others are left (Lens Blur keeps the
/// unblurred original as `GImage:Data` there), is written again under the MD5 of its new
/// bytes, which `xmpNote:HasExtendedXMP` then names; when nothing is left, its segments and
/// `xmpNote:HasExtendedXMP` go. Every other segment and the coded data stay as they were.
enum GDepthRemoval {
    /// The primary's bytes (SOI to EOI) without GDepth. `file` is `image` parsed, whose
    /// primary starts at offset 0.
    static func removing(from image: [UInt8], file: JPEG.File, limits: ParseLimits) throws(ParseError) -> [UInt8] {
        let p = file.primary
        guard let xmp = p.xmp, xmp.packet.upperBound <= image.count else {
            throw ParseError(.writeUnreadable, at: 0, path: "APP1/XMP", "the primary has no StandardXMP packet to take GDepth from")
        }
        let standard = Array(image[xmp.packet])
        let guid = try XMPDocument(parsing: standard, at: xmp.packet.lowerBound, path: xmp.path, limits: limits).extendedXMPGUID
        var note = XMPPacket.PropertyRemoval.ExtendedNote.keep
        var extended: [UInt8]?
        if let guid, let ext = p.extendedXMP.first(where: { $0.guid == guid }) {
            // A packet that cannot be reassembled may hold GDepth:Data the writer cannot see
            // to remove: refused, so that no depth map is left behind in a photo said to have none.
            guard let packet = ext.bytes else {
                throw ParseError(.writeUnreadable, at: ext.chunks.first?.guidFieldOffset ?? xmp.packet.lowerBound,
                                 path: "APP1/ExtendedXMP[\(guid)]", "the Extended XMP chunks do not reassemble, so GDepth cannot be taken out of them")
            }
            let path = "APP1/ExtendedXMP[\(guid)]"
            let left = try XMPPacket.PropertyRemoval.removing(namespace: XMPNamespace.gDepth, from: packet, path: path).bytes
            if try XMPDocument(parsing: left, at: 0, path: path, limits: limits).properties.isEmpty {
                note = .remove
            } else {
                note = .set(MD5.hexDigest(left))
                extended = left
            }
        }
        let newStandard = try XMPPacket.PropertyRemoval.removing(namespace: XMPNamespace.gDepth, note: note,
                                                                 from: standard, path: xmp.path).bytes
        let oldGUID = note == .keep ? nil : guid
        return try JPEG.MultiPictureFile.replacingXMP(in: image, standard: newStandard, oldGUID: oldGUID, extended: extended)
    }
}
