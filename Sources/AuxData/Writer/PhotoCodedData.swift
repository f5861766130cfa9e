import Container

/// The coded bytes of a photo's images as a writer must keep them: for a JPEG image, its
/// bytes from SOI to EOI without the APP2 MPF segment (the one segment that moves with the
/// layout, CIPA DC-007 §5.2.1); for a HEIF image item, the bytes of its extents (ISO/IEC
/// 14496-12 §8.11.3) and, for a grid, its tiles' (ISO/IEC 23008-12 §6.6.2.3). Equal coded
/// bytes decode to equal samples, so comparing these proves a rewrite changed no pixel.
package enum PhotoCodedData {
    /// The primary's coded bytes; nil when they cannot be delimited.
    package static func primary(_ photo: ParsedPhoto, in bytes: [UInt8]) -> [UInt8]? {
        switch photo.structure {
        case .jpeg(let f):
            guard let end = f.images.first?.end ?? f.primary.end, end <= bytes.count else { return nil }
            return JPEG.MultiPictureFile.bytesWithoutMPF(bytes[0..<end])
        case .heif(let f):
            guard let id = f.primaryItemID else { return nil }
            return item(id, of: f, in: bytes)
        case .imageSequence:
            return nil
        }
    }

    /// An aux image's coded bytes; nil when they cannot be delimited.
    package static func aux(_ image: ParsedAuxImage, of photo: ParsedPhoto, in bytes: [UInt8]) -> [UInt8]? {
        switch photo.structure {
        case .jpeg:
            // A GDepth map travels inside the primary's XMP: its bytes are the decoded base64.
            if image.isGDepth { return photo.gdepth?.data }
            guard let r = image.coded.dataRange, r.upperBound <= bytes.count else { return nil }
            // A Dynamic Depth item is copied whole: it is no MP image and holds no MPF segment to leave out.
            if image.isDynamicDepth { return Array(bytes[r]) }
            return JPEG.MultiPictureFile.bytesWithoutMPF(bytes[r])
        case .heif(let f):
            guard let id = UInt32(exactly: image.index) else { return nil }
            return item(id, of: f, in: bytes)
        case .imageSequence:
            return nil
        }
    }

    /// The bytes of an item's extents, then its tiles' when it is a grid.
    static func item(_ id: UInt32, of file: HEIF.File, in bytes: [UInt8]) -> [UInt8]? {
        guard let ranges = file.dataRanges[id] else { return nil }
        var out: [UInt8] = []
        for r in ranges {
            guard r.upperBound <= bytes.count else { return nil }
            out += bytes[r]
        }
        for tile in file.tiles(of: id) {
            guard let ranges = file.dataRanges[tile] else { return nil }
            for r in ranges {
                guard r.upperBound <= bytes.count else { return nil }
                out += bytes[r]
            }
        }
        return out
    }
}
