import Container

enum HEIFPhotoReader {
    static func read(_ bytes: [UInt8], limits: ParseLimits) throws(ParseError) -> DepthPhoto {
        throw ParseError(.unknownFormat, at: 0, path: "", "HEIF reader not merged")
    }
}
