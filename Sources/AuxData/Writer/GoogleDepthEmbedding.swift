import Container

/// A depth map to write into a JPEG the way Google's formats store it.
///
/// - `gdepth`: Google Depthmap metadata, as Lens Blur writes it: the map as an 8-bit gray PNG,
///   base64 in `GDepth:Data` of an Extended XMP packet, the other GDepth properties in the
///   StandardXMP packet with `xmpNote:HasExtendedXMP` (Adobe XMP Specification Part 3
///   §1.1.3.1).
/// - `dynamicDepth`: Dynamic Depth 1.0 as Android's camera writes a `DEPTH_JPEG`: the depth
///   and confidence maps as gray JPEG items right after the primary's EOI (§Container), the
///   `Device` description in the primary's XMP, in the Extended XMP packet when the StandardXMP
///   packet would pass its 65,504 bytes with it.
///
/// A primary with XMP keeps it: the description is added as an `rdf:Description` of its own.
package struct GoogleDepthEmbedding: Sendable, Equatable {
    package enum Layout: String, Sendable, Equatable {
        case gdepth
        case dynamicDepth = "dynamic-depth"
    }

    package let layout: Layout
    package let map: GoogleDepthMap
    /// Dynamic Depth's confidence samples, 0 (none) to 255 (full), the map's size; nil: full
    /// confidence everywhere.
    package let confidence: [UInt8]?

    package init(layout: Layout, map: GoogleDepthMap, confidence: [UInt8]? = nil) {
        self.layout = layout
        self.map = map
        self.confidence = confidence
    }

    /// Writes the map into `file`: the primary's XMP and, for Dynamic Depth, the items.
    func add(to file: inout JPEG.MultiPictureFile, quality: Int, limits: ParseLimits) throws(WriteError) {
        let primary = try WriteError.reading(try JPEG.File(parsing: file.primary.bytes, limits: limits)).primary
        let existing = primary.xmp.map { Array(file.primary.bytes[$0.packet]) }
        let hasExtended = !primary.extendedXMP.isEmpty || !primary.extendedXMPChunks.isEmpty
            || (existing.flatMap { try? XMPDocument(parsing: $0, at: 0, path: "APP1/XMP", limits: limits) }?.extendedXMPGUID != nil)
        func refuseSecondExtended() -> WriteError {
            WriteError(.cannotAdd, at: primary.xmp?.packet.lowerBound ?? 0, path: primary.xmp?.path ?? "APP1/XMP",
                       "the primary already has an Extended XMP packet, and a JPEG holds one (Adobe XMP Part 3 §1.1.3.1)")
        }
        func standardPacket(with description: String) throws(WriteError) -> [UInt8] {
            guard let existing else { return Array(XMPPacketWrapper.wrapped(GoogleDepthXMP.packet(description)).utf8) }
            return try WriteError.reading(try XMPPacket.DescriptionInsertion.inserting(Array(description.utf8), into: existing, path: primary.xmp?.path ?? "APP1/XMP"))
        }
        var standard: [UInt8]
        var extended: [UInt8]?
        var items: [UInt8] = []
        switch layout {
        case .gdepth:
            guard !hasExtended else { throw refuseSecondExtended() }
            let ext = Array(GoogleDepthXMP.gdepthExtendedPacket(png: try png()).utf8)
            standard = try standardPacket(with: GoogleDepthXMP.gdepthDescription(map, extendedGUID: MD5.hexDigest(ext)))
            extended = ext
        case .dynamicDepth:
            let depth = try GrayJPEGEncoder.encode(map.samples, width: map.width, height: map.height, quality: quality)
            let full = [UInt8](repeating: 255, count: map.samples.count)
            let conf = try GrayJPEGEncoder.encode(confidence ?? full, width: map.width, height: map.height, quality: quality)
            items = depth + conf
            let description = GoogleDepthXMP.dynamicDepthDescription(map, depthLength: depth.count, confidenceLength: conf.count)
            standard = try standardPacket(with: description)
            if standard.count > JPEG.MultiPictureFile.standardXMPPacketBytes {
                guard !hasExtended else { throw refuseSecondExtended() }
                let ext = Array(GoogleDepthXMP.packet(description).utf8)
                standard = try standardPacket(with: GoogleDepthXMP.extendedNote(MD5.hexDigest(ext)))
                extended = ext
            }
        }
        guard standard.count <= JPEG.MultiPictureFile.standardXMPPacketBytes else {
            throw WriteError(.cannotAdd, at: primary.xmp?.packet.lowerBound ?? 0, path: "APP1/XMP",
                             "the primary's StandardXMP packet would be \(standard.count) bytes, over the \(JPEG.MultiPictureFile.standardXMPPacketBytes) one APP1 segment holds")
        }
        file.primary.bytes = try JPEG.MultiPictureFile.settingXMP(in: file.primary.bytes, standard: standard, extended: extended)
        // Dynamic Depth 1.0 §Container: the items start at the primary's EOI.
        file.afterPrimary = items + file.afterPrimary
    }

    /// The map as an 8-bit gray PNG (ISO/IEC 15948, libpng).
    func png() throws(WriteError) -> [UInt8] {
        var out: [UInt8] = []
        do throws(PNGBridge.EncodeError) {
            let encoder = try PNGBridge.Encoder(width: map.width, height: map.height, bitDepth: 8) { bytes in
                out += bytes
                return true
            }
            try map.samples.withUnsafeBufferPointer { (rows) throws(PNGBridge.EncodeError) in try encoder.write(rows: rows) }
            try encoder.finish()
        } catch {
            throw WriteError(.notAnImage, at: 0, path: "GDepth:Data", "libpng: \(error.description)")
        }
        return out
    }
}
