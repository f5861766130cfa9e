import Container

enum JPEGPhotoReader {
    static func read(_ bytes: [UInt8], limits: ParseLimits) throws(ParseError) -> DepthPhoto {
        throw ParseError(.unknownFormat, at: 0, path: "", "JPEG reader not merged")
    }
}
