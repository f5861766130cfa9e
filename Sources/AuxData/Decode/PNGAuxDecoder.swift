import CPNGBridge
import Container

/// Decodes a PNG aux image (ISO/IEC 15948) with libpng, a band of rows at a time. Gray is
/// taken as stored (1–4-bit gray expanded to 8), colour by its first channel (GDepth writers
/// store R = G = B), 16-bit samples whole. Adam7-interlaced images are decoded whole, the one
/// case that needs the whole image in memory: every pass touches every row.
enum PNGAuxDecoder {
    static let bandRows = 16

    static func decode<S: AuxRowSink>(_ data: UnsafeBufferPointer<UInt8>, maxPixels: Int, at location: SourceLocation,
                                      into sink: inout S) throws(AuxDecodeError) {
        guard let base = data.baseAddress, !data.isEmpty else {
            throw AuxDecodeError(.noData, "the PNG stream is empty", at: location)
        }
        guard let d = cpb_open(base, data.count) else {
            throw AuxDecodeError(.undecodable, "libpng could not start", at: location)
        }
        defer { cpb_close(d) }
        var h = cpb_header()
        guard cpb_start_gray(d, UInt64(max(0, maxPixels)), &h) == 0 else {
            let message = String(cString: cpb_message(d))
            throw AuxDecodeError(message.contains("pixel limit") ? .overLimit : .undecodable, message, at: location)
        }
        let width = Int(h.width), height = Int(h.height)
        let wide = h.out_bit_depth == 16
        try sink.start(StoredLayout(width: width, height: height, bitDepth: wide ? 16 : 8, codec: .png))
        let rows = h.interlaced != 0 ? height : bandRows
        guard let samples = width *? max(1, rows) else {
            throw AuxDecodeError(.overLimit, "a band of \(width) × \(rows) samples is too large", at: location)
        }
        let stride = wide ? width * 2 : width
        func fail() -> AuxDecodeError { AuxDecodeError(.undecodable, String(cString: cpb_message(d)), at: location) }

        var band8 = [UInt8](repeating: 0, count: wide ? 0 : samples)
        var band16 = [UInt16](repeating: 0, count: wide ? samples : 0)
        func deliver(_ first: Int, _ n: Int) throws(AuxDecodeError) {
            if wide {
                try band16.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                    try sink.consume(StoredRows(width: width, firstRow: first, rowCount: n,
                                                samples: .u16(UnsafeBufferPointer(rebasing: p[0..<(n * width)]))))
                }
            } else {
                try band8.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                    try sink.consume(StoredRows(width: width, firstRow: first, rowCount: n,
                                                samples: .u8(UnsafeBufferPointer(rebasing: p[0..<(n * width)]))))
                }
            }
        }
        func read(_ body: (UnsafeMutablePointer<UInt8>?) -> Int32) -> Int32 {
            wide ? band16.withUnsafeMutableBytes { body($0.baseAddress?.assumingMemoryBound(to: UInt8.self)) }
                 : band8.withUnsafeMutableBytes { body($0.baseAddress?.assumingMemoryBound(to: UInt8.self)) }
        }

        if h.interlaced != 0 {
            guard read({ cpb_read_image(d, $0, stride) }) == 0 else { throw fail() }
            if height > 0 { try deliver(0, height) }
        } else {
            var row = 0
            while row < height {
                let want = UInt32(min(bandRows, height - row))
                let got = read { cpb_read_rows(d, $0, stride, want) }
                guard got > 0 else { throw fail() }
                try deliver(row, Int(got))
                row += Int(got)
            }
        }
        // The image data must end properly: an IDAT cut short or a bad CRC after it is corrupt.
        guard cpb_finish(d) == 0 else { throw fail() }
    }
}
