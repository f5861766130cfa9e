import Container

extension ParseError.Code {
    /// The bytes are neither a JPEG (SOI) nor an ISOBMFF file (`ftyp`).
    package static let unknownFormat = Self("file.unknownFormat")
}

/// Reads a photo's bytes into a `ParsedPhoto`: recognises the container by its first bytes
/// and hands over to the JPEG or HEIF reader.
package enum PhotoReader {
    /// The container the first bytes announce: JPEG by its SOI (ITU-T T.81 B.2.1), ISOBMFF by
    /// an `ftyp` box at offset 4 (ISO/IEC 14496-12 §4.3); nil for anything else.
    package static func container(of bytes: [UInt8]) -> ContainerFormat? {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 { return .jpeg }
        if bytes.count >= 8, bytes[4] == 0x66, bytes[5] == 0x74, bytes[6] == 0x79, bytes[7] == 0x70 { return .heif }
        return nil
    }

    package static func read(_ bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) -> ParsedPhoto {
        try read(bytes, as: container(of: bytes), limits: limits)
    }

    /// Reads `bytes` as the container `container(of:)` found. `parsedHEIF`, `parsedJPEG`: the
    /// structure of `bytes` parsed with `limits` already (`PartialRead.heif`, `.jpeg`), so it
    /// is not parsed again.
    package static func read(_ bytes: [UInt8], as container: ContainerFormat?, limits: ParseLimits = .default,
                            parsedHEIF: HEIF.File? = nil, parsedJPEG: JPEG.File? = nil) throws(ParseError) -> ParsedPhoto {
        switch container {
        case .jpeg: return try JPEGPhotoReader.read(bytes, limits: limits, parsed: parsedJPEG)
        case .heif: return try HEIFPhotoReader.read(bytes, limits: limits, parsed: parsedHEIF)
        case nil:
            throw ParseError(.unknownFormat, at: 0, path: "",
                             "neither a JPEG (FF D8) nor an ISOBMFF/HEIF file (ftyp at offset 4)")
        }
    }
}
