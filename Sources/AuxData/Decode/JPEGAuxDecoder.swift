import CJPEGBridge
import Container

/// Decodes a JPEG aux image (ITU-T T.81) with libjpeg-turbo's scanline API, a band of rows at a
/// time: memory is one band, whatever the image height. Colour streams come out as their
/// luma (libjpeg's conversion to JCS_GRAYSCALE), as `djpeg -grayscale` gives them, unless
/// `colour` asks for red, green and blue (a colour gain map), as `djpeg` gives them.
enum JPEGAuxDecoder {
    /// Rows per band: one MCU row of a 2×2-subsampled stream, so libjpeg hands over whole
    /// iMCU rows without buffering them twice.
    static let bandRows = 16

    static func decode<S: AuxRowSink>(_ data: UnsafeBufferPointer<UInt8>, maxPixels: Int, colour: Bool = false,
                                      at location: SourceLocation, into sink: inout S) throws(AuxDecodeError) {
        guard let base = data.baseAddress, !data.isEmpty else {
            throw AuxDecodeError(.noData, "the JPEG stream is empty", at: location)
        }
        guard let d = cjb_open(base, data.count) else {
            throw AuxDecodeError(.undecodable, "libjpeg could not start", at: location)
        }
        defer { cjb_close(d) }
        var h = cjb_header()
        let started = colour
            ? cjb_start_rgb_scaled(d, UInt64(max(0, maxPixels)), UInt32.max, &h)   // no scaling: 1/1
            : cjb_start_gray(d, UInt64(max(0, maxPixels)), &h)
        guard started == 0 else {
            let message = String(cString: cjb_message(d))
            throw AuxDecodeError(message.contains("pixel limit") ? .overLimit : .undecodable, message, at: location)
        }
        let width = Int(h.width), height = Int(h.height), channels = colour ? 3 : 1
        guard Int(h.output_components) == channels, let rowBytes = width *? channels, let bandBytes = rowBytes *? bandRows else {
            throw AuxDecodeError(.unsupported, "libjpeg gives \(h.output_components) components", at: location)
        }
        try sink.start(StoredLayout(width: width, height: height, bitDepth: 8, codec: .jpeg, channels: channels))
        var band = [UInt8](repeating: 0, count: bandBytes)
        var row = 0
        while row < height {
            let want = UInt32(min(bandRows, height - row))
            let got = band.withUnsafeMutableBufferPointer { p in
                // safe: the band holds bandRows rows of `rowBytes` bytes and want <= bandRows.
                cjb_read_rows(d, p.baseAddress, rowBytes, want)
            }
            if got < 0 { throw AuxDecodeError(.undecodable, String(cString: cjb_message(d)), at: location) }
            if got == 0 { throw AuxDecodeError(.undecodable, "the JPEG stream ended at row \(row) of \(height)", at: location) }
            // libjpeg recovers from a truncated or corrupt stream by inventing samples (and warns):
            // they are not the stored samples, so the first warning ends the decode.
            if cjb_warnings(d) > 0 { throw AuxDecodeError(.undecodable, String(cString: cjb_warning(d)), at: location) }
            let n = Int(got)
            try band.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                try sink.consume(StoredRows(width: width, firstRow: row, rowCount: n,
                                            samples: .u8(UnsafeBufferPointer(rebasing: p[0..<(n * rowBytes)])), channels: channels))
            }
            row += n
        }
    }
}
