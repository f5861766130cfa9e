import CJPEGBridge
import Testing
import TestSupport
import Container

/// The libjpeg bridge keeps libjpeg's longjmp error handling in C: a bad stream is an error
/// code and a message, never an exit(); a size over the pixel limit is refused before
/// libjpeg allocates; good streams decode row by row.
@Suite struct JPEGBridgeTests {
    struct Failure: Error { let message: String }

    /// Decodes to gray rows; returns (width, height, pixels) or the error message.
    static func decode(_ bytes: [UInt8], maxPixels: UInt64 = 1 << 28) -> Result<(Int, Int, [UInt8]), Failure> {
        bytes.withUnsafeBufferPointer { buf -> Result<(Int, Int, [UInt8]), Failure> in
            guard let base = buf.baseAddress, let d = cjb_open(base, buf.count) else { return .failure(Failure(message: "no decoder")) }
            defer { cjb_close(d) }
            var h = cjb_header()
            guard cjb_start_gray(d, maxPixels, &h) == 0 else { return .failure(Failure(message: String(cString: cjb_message(d)))) }
            let w = Int(h.width), ht = Int(h.height)
            var pixels = [UInt8](repeating: 0, count: w * ht)
            var row = 0
            while row < ht {
                let n = pixels.withUnsafeMutableBufferPointer { p in
                    cjb_read_rows(d, p.baseAddress.map { $0 + row * w }, w, UInt32(ht - row))
                }
                if n <= 0 { return .failure(Failure(message: String(cString: cjb_message(d)))) }
                row += Int(n)
            }
            return .success((w, ht, pixels))
        }
    }

    static func auxStream() throws -> [UInt8] {
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/jpeg-disparity.jpg"))
        let file = try JPEG.File(parsing: bytes)
        let aux = try #require(file.images.first { $0.entry.number == 2 })
        let start = try #require(aux.start), end = try #require(aux.end)
        return Array(bytes[start..<end])
    }

    @Test func decodesTheDemoDisparityMap() throws {
        guard case .success(let (w, h, pixels)) = Self.decode(try Self.auxStream()) else {
            Issue.record("decode failed"); return
        }
        #expect(w == 16 && h == 12)
        #expect(pixels.count == 192)
    }

    @Test(.requires(.tool("djpeg")))
    func decodesTheDemoDisparityMapLikeDjpeg() throws {
        let pixels = try Self.decode(try Self.auxStream()).get().2
        // djpeg decodes the same stream to the same samples.
        let djpeg = try #require(Tools.which("djpeg"))
        let r = try Tools.run(djpeg, ["-grayscale", "-pnm"], input: try Self.auxStream())
        #expect(r.status == 0)
        #expect(Array(r.stdout.suffix(192)) == pixels)
    }

    @Test func garbageIsAnErrorNotAnExit() {
        guard case .failure(let f) = Self.decode([0x00, 0x01, 0x02, 0x03]) else {
            Issue.record("garbage decoded"); return
        }
        #expect(f.message.contains("Not a JPEG file"))
    }

    @Test func truncatedStreamIsAnError() throws {
        let stream = try Self.auxStream()
        guard case .failure = Self.decode(Array(stream.prefix(40))) else {
            Issue.record("a 40-byte prefix decoded"); return
        }
    }

    @Test func pixelLimitIsCheckedBeforeDecoding() throws {
        guard case .failure(let f) = Self.decode(try Self.auxStream(), maxPixels: 100) else {
            Issue.record("the limit was not applied"); return
        }
        #expect(f.message == "image of 16x12 exceeds the pixel limit")
    }
}
