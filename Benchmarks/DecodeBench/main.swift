// In-process decode benchmark (make bench-decode): the iPhone X disparity aux stream decoded
// to Float32 values by AuxDecoder + FloatRowSink, against libjpeg-turbo decoding the same
// stream to 8-bit gray through the same bridge (no conversion), alternately, many times.
// Prints both medians and the throughput ratio with PASS or MISS against the 0.9x budget.
//
// Usage: DecodeBench FILE.jpg [ITERATIONS]
import AuxData
import CJPEGBridge
import Container

#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String) -> Never {
    print("DecodeBench: \(message)")
    exit(2)
}

func readFile(_ path: String) -> [UInt8] {
    guard let f = fopen(path, "rb") else { fail("cannot open \(path)") }
    defer { fclose(f) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    return out
}

let args = CommandLine.arguments
guard args.count >= 2 else { fail("usage: DecodeBench FILE.jpg [ITERATIONS]") }
let iterations = args.count >= 3 ? Int(args[2]) ?? 300 : 300
let bytes = readFile(args[1])
let photo: DepthPhoto
do { photo = try PhotoReader.read(bytes, as: PhotoReader.container(of: bytes), limits: .default) } catch { fail("\(error)") }
guard let aux = photo.auxImages.first(where: { $0.kind.isDepthLike }), let range = aux.coded.dataRange else {
    fail("no depth or disparity aux image with coded data")
}
let decoder = AuxDecoder(photo: photo, bytes: bytes)

/// libjpeg-turbo alone: the stream to 8-bit gray, 16 rows at a time, as the decoder reads it.
func libjpegGray() -> Int {
    bytes.withUnsafeBufferPointer { p -> Int in
        let s = UnsafeBufferPointer(rebasing: p[range])
        guard let d = cjb_open(s.baseAddress, s.count) else { fail("cjb_open") }
        defer { cjb_close(d) }
        var h = cjb_header()
        guard cjb_start_gray(d, 1 << 28, &h) == 0 else { fail(String(cString: cjb_message(d))) }
        var band = [UInt8](repeating: 0, count: Int(h.width) * 16)
        var rows = 0, checksum = 0
        while rows < Int(h.height) {
            let got = band.withUnsafeMutableBufferPointer { cjb_read_rows(d, $0.baseAddress, Int(h.width), 16) }
            guard got > 0 else { fail("libjpeg stopped at row \(rows)") }
            rows += Int(got)
            checksum &+= Int(band[0])
        }
        return checksum
    }
}

/// depthcheck: the same stream to Float32 disparity, through the value mapping's table
/// (`linear` false) or its linear form.
func depthcheckFloat(linear: Bool = true) -> Int {
    var checksum = 0
    var sink = FloatRowSink(mapping: { ValueMapping.of(aux, in: photo, bitDepth: $0.bitDepth) }, allowLinear: linear) { band in
        checksum &+= Int(band.values[0])
    }
    do { try decoder.decode(aux, into: &sink) } catch { fail("\(error)") }
    return checksum
}


func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

let clock = ContinuousClock()
var theirs: [Double] = [], ours: [Double] = [], lut: [Double] = []
var sink = 0
for _ in 0..<5 { sink &+= libjpegGray() &+ depthcheckFloat() }   // warm-up
for _ in 0..<iterations {
    let a = clock.now; sink &+= libjpegGray(); theirs.append(seconds(clock.now - a))
    let b = clock.now; sink &+= depthcheckFloat(); ours.append(seconds(clock.now - b))
    let c = clock.now; sink &+= depthcheckFloat(linear: false); lut.append(seconds(clock.now - c))
}
func median(_ v: [Double]) -> Double { let s = v.sorted(); return s[s.count / 2] }
let t = median(theirs), o = median(ours)
let l = median(lut)
let ratio = t / o
let pixels = Double((aux.width ?? 0) * (aux.height ?? 0))
/// `v` with `digits` decimals (no Foundation here).
func fixed(_ v: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((v * scale).rounded())
    let whole = String(n / Int(scale))
    guard digits > 0 else { return whole }
    let frac = String(abs(n % Int(scale)))
    return whole + "." + String(repeating: "0", count: digits - frac.count) + frac
}
func pad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }

print("in-process, \(iterations) iterations alternated, medians (checksum \(sink & 0xFF)):")
print("  libjpeg-turbo to 8-bit gray  \(pad(fixed(t * 1000, 3), 8)) ms  \(pad(fixed(pixels / t / 1e6, 1), 7)) Mpixel/s")
print("  depthcheck to Float32        \(pad(fixed(o * 1000, 3), 8)) ms  \(pad(fixed(pixels / o / 1e6, 1), 7)) Mpixel/s  (linear form, as decoded by default)")
print("  depthcheck, table look-up    \(pad(fixed(l * 1000, 3), 8)) ms  \(pad(fixed(pixels / l / 1e6, 1), 7)) Mpixel/s  (\(fixed(t / l, 2))x, for information)")
print("  \(ratio >= 0.9 ? "PASS" : "MISS") \(pad(fixed(ratio, 2), 5))x  Float32 decode throughput >= 0.9x libjpeg-turbo's")
