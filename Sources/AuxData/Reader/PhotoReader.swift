import Container

extension ParseError.Code {
    /// The bytes are neither a JPEG (SOI) nor an ISOBMFF file (`ftyp`).
    public static let unknownFormat = Self("file.unknownFormat")
}

/// Reads a photo's bytes into a `DepthPhoto`: recognises the container by its first bytes
/// and hands over to the JPEG or HEIF reader.
public enum PhotoReader {
    public static func read(_ bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) -> DepthPhoto {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            return try JPEGPhotoReader.read(bytes, limits: limits)
        }
        if bytes.count >= 8, bytes[4] == 0x66, bytes[5] == 0x74, bytes[6] == 0x79, bytes[7] == 0x70 {
            return try HEIFPhotoReader.read(bytes, limits: limits)
        }
        throw ParseError(.unknownFormat, at: 0, path: "",
                         "neither a JPEG (FF D8) nor an ISOBMFF/HEIF file (ftyp at offset 4)")
    }
}
