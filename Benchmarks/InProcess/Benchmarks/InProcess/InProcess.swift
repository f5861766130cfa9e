// The in-process stages of one check, per photo: the read a check makes (PartialRead), the
// model (PhotoReader), the whole rule catalog (Validation.check), the JSON Lines record, and
// the decode of the depth or disparity map to Float32 values against the decode to stored
// samples alone (libjpeg-turbo or libheif and the row hand-off, no value mapping).
//
// The photos: the repository's own (Corpus/good) and, when ../shared is beside the checkout,
// the real Apple ones. Each benchmark's figures are per photo (scalingFactor .one).
import AuxData
import Benchmark
import Container
import DepthCheckCore
import Validator

#if canImport(Glibc)
import Glibc
#endif

/// The file's bytes, or nil when it is not there.
func contents(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
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

/// A file held in memory, read as a check reads its file.
final class MemoryFile: RandomAccessFile, @unchecked Sendable {
    let data: [UInt8]
    init(_ data: [UInt8]) { self.data = data }
    var size: Int { data.count }
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        data.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[range])) }
        return range.count
    }
}

/// Counts the stored samples handed over, and nothing else: the decoder's own cost.
struct SampleSink: AuxRowSink {
    var total = 0
    mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {}
    mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) { total += rows.width * rows.rowCount }
}

let root: String = {
    // Benchmarks/InProcess is two folders below the checkout.
    var path = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    path.removeLast(5)
    return path.joined(separator: "/")
}()

let photos: [(name: String, path: String)] = [
    ("jpeg-disparity (Corpus/good)", root + "/Corpus/good/jpeg-disparity.jpg"),
    ("heif-disparity (Corpus/good)", root + "/Corpus/good/heif-disparity.heic"),
    ("iPhone X JPEG", root + "/../shared/corpus/real/apple-jpeg-disparity-iphonex.jpg"),
    ("iOS 16 HEIC", root + "/../shared/corpus/real/apple-heic-depth-gainmap-ios16.heic"),
]

// ARC counts (.retainCount, .releaseCount) need package-benchmark's runtime interposer on
// Linux with Swift 6.3 (the runtime's own hooks crash there), which is not among the
// packages this build may use: the benchmark crashes with them, so they are left out.
let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, .mallocBytesCount]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: metrics, scalingFactor: .one,
                                           maxDuration: .seconds(2), maxIterations: 2_000)
    for (name, path) in photos {
        guard let data = contents(path) else {
            print("InProcess: \(path) is not there; its benchmarks are left out")
            continue
        }
        let file = MemoryFile(data)
        guard let read = try? PartialRead.load(file) else { continue }
        let bytes = read.bytes
        let options = CheckOptions()

        Benchmark("read/\(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? PartialRead.load(file)) }
        }
        Benchmark("model/\(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? PhotoReader.read(bytes)) }
        }
        Benchmark("check/\(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(Validation.check(bytes: bytes, path: path, options: options)) }
        }
        let report = CheckRequest().check(bytes: bytes, path: path)
        Benchmark("jsonl/\(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(BatchWriter.prerendered(report, number: 0, format: .jsonl(rules: false))) }
        }
        // The whole of a check of one file in a batch: read, model, rules, record.
        let buffers = ReadBufferPool()
        Benchmark("batch file/\(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let report = CheckRequest().check(path: path, buffers: buffers)
                // The JSON Lines record as a batch writes it: UTF-8 bytes, made on the worker.
                blackHole(BatchWriter.prerendered(report, number: 0, format: .jsonl(rules: false)))
            }
        }

        guard let photo = try? PhotoReader.read(data), let aux = photo.auxImages.first(where: { $0.kind.isDepthLike }) else { continue }
        let decoder = AuxDecoder(photo: photo, bytes: data)
        Benchmark("decode stored samples/\(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                var sink = SampleSink()
                try? decoder.decode(aux, into: &sink)
                blackHole(sink.total)
            }
        }
        Benchmark("decode Float32 values/\(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                var checksum: Float = 0
                var sink = FloatRowSink(mapping: { ValueMapping.of(aux, in: photo, bitDepth: $0.bitDepth) }) { band in
                    checksum += band.values[0]
                }
                try? decoder.decode(aux, into: &sink)
                blackHole(checksum)
            }
        }
    }
}
