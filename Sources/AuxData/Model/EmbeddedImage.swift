import Container

extension CodedImage {
    /// An image carried whole inside metadata (a GDepth depth or confidence map): a PNG sized
    /// from its IHDR (ISO/IEC 15948 §11.2.2) or a JPEG from its SOF (ITU-T T.81 B.2.2), without
    /// decoding it. Only the codec is known when the bytes are neither.
    package init(embedded data: [UInt8]?, location: SourceLocation, codec fallback: Codec) {
        if let data, let png = PNGHeader(data) {
            self.init(location: location, codec: .png, width: png.width, height: png.height,
                      components: png.components, bitDepth: png.bitDepth)
        } else if let data, data.count >= 2, data[0] == 0xFF, data[1] == 0xD8,
                  let f = (try? JPEG.Image(parsingHeadersOf: data, at: 0, pathPrefix: "GDepth/"))?.frame {
            self.init(location: location, codec: .jpeg, width: f.width, height: f.height,
                      components: f.componentCount, bitDepth: Int(f.precision))
        } else {
            self.init(location: location, codec: fallback)
        }
    }
}
