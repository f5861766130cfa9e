#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AuxData
import Container
import FuzzSupport

/// The writer over the good corpus: random maps and options (`WriterFuzzCase`) are embedded
/// into one of Corpus/good's photos, the result read again and checked with the pixel rules,
/// then stripped and checked again. A result that fails its own check is a crash.
let photos: [[UInt8]] = {
    // Corpus/good beside this package: Fuzz/Sources/FuzzWriter/FuzzWriter.swift → the root.
    var root = String(#filePath)
    for _ in 0..<4 { if let slash = root.lastIndex(of: "/") { root = String(root[..<slash]) } }
    return ["jpeg-disparity.jpg", "heif-disparity.heic", "writer-heif-depth-hdep-o3-matte.heic",
            "writer-jpeg-disparity-fdis-o6-semantic.jpg", "writer-heif-disparity-fdis-o1-cropped.heic"]
        .compactMap { readFile(root + "/Corpus/good/" + $0) }
}()

let sizes: [(width: Int, height: Int)] = photos.map { bytes in
    guard let p = try? PhotoReader.read(bytes, limits: Fuzz.limits) else { return (1, 1) }
    return (p.primary.width, p.primary.height)
}

func readFile(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        out += buffer[0..<n]
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWriter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if photos.isEmpty { Fuzz.violated("Corpus/good could not be read") }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let c = WriterFuzzCase(bytes, photos: sizes) else { return 0 }
    if let broken = c.run(on: photos[c.photo], limits: Fuzz.limits) {
        Fuzz.violated("writer: \(broken)", "photo \(c.photo), \(c.kind.rawValue) \(c.format) \(c.width)x\(c.height)")
    }
    return 0
}
