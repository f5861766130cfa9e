// The in-process stages of one check, per photo, through the library as an app calls it: the
// read a check makes (PhotoFile, structure only), the model (DepthPhoto), the whole check
// (CheckRequest: the model and the rule catalog), the JSON Lines record, a batch's whole file,
// and the decode of the depth or disparity map to Float32 values against the decode to stored
// samples alone (libjpeg-turbo or libheif and the row hand-off, no value mapping), each
// exported as raw into an output that counts the bytes and keeps none.
//
// The photos: the repository's own (Corpus/good) and, when ../shared is beside the checkout,
// the real Apple ones. Each benchmark's figures are per photo (scalingFactor .one).
import Benchmark
import DepthCheckCore

#if canImport(Glibc)
import Glibc
#endif

/// An export's destination that counts what it is handed and keeps nothing: the decoder's and
/// the value mapping's cost, not a buffer's.
final class CountingOutput: MapOutput {
    var count = 0
    var canWriteAtOffsets: Bool { false }
    func append(_ bytes: [UInt8]) -> Bool { count += bytes.count; return true }
    func write(_ bytes: [UInt8], at offset: Int) -> Bool { count += bytes.count; return true }
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
        guard let data = try? PhotoFile.read(path) else {
            print("InProcess: \(path) is not there; its benchmarks are left out")
            continue
        }
        guard let structure = try? PhotoFile.read(path, .structure) else { continue }

        Benchmark("read/\(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? PhotoFile.read(path, .structure)) }
        }
        Benchmark("model/\(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? DepthPhoto(bytes: structure)) }
        }
        Benchmark("check/\(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(CheckRequest().check(bytes: structure, path: path)) }
        }
        let report = CheckRequest().check(bytes: structure, path: path)
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

        guard let photo = try? DepthPhoto(bytes: data), let aux = photo.auxImages.first(where: { $0.kind.isDepthLike }) else { continue }
        let exporter = MapExporter(photo: photo)
        Benchmark("decode stored samples/\(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let out = CountingOutput()
                _ = try? exporter.export(aux, .init(format: .raw, numbers: .stored), to: out)
                blackHole(out.count)
            }
        }
        Benchmark("decode Float32 values/\(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let out = CountingOutput()
                _ = try? exporter.export(aux, .init(format: .raw, numbers: .native, floatType: .f32), to: out)
                blackHole(out.count)
            }
        }
    }
}
