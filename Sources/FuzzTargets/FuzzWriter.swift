import AuxData
import Container

extension FuzzTarget {
    /// The photos the writer target writes into, from Corpus/good, in this order (a case's
    /// first byte picks one).
    package static let writerPhotoNames = [
        "jpeg-disparity.jpg", "heif-disparity.heic", "writer-heif-depth-hdep-o3-matte.heic",
        "writer-jpeg-disparity-fdis-o6-semantic.jpg", "writer-heif-disparity-fdis-o1-cropped.heic",
    ]

    /// The writer over the good corpus: random maps and options (`WriterFuzzCase`) are
    /// embedded into one of Corpus/good's photos, the result read again and checked with the
    /// pixel rules, then stripped and checked again. A result that fails its own check breaks
    /// the writer's promise.
    static func writer(_ bytes: [UInt8]) throws(FuzzViolation) {
        let photos = WriterPhotos.shared
        if photos.bytes.count != writerPhotoNames.count { throw FuzzViolation("Corpus/good could not be read") }
        guard let c = WriterFuzzCase(bytes, photos: photos.sizes) else { return }
        if let broken = c.run(on: photos.bytes[c.photo], limits: Fuzz.limits) {
            throw FuzzViolation("writer: \(broken)", "photo \(c.photo), \(c.kind.rawValue) \(c.format) \(c.width)x\(c.height)")
        }
    }
}

/// The writer target's photos and their sizes, read once.
private struct WriterPhotos: Sendable {
    let bytes: [[UInt8]]
    let sizes: [(width: Int, height: Int)]

    static let shared: WriterPhotos = {
        // Corpus/good in this checkout: Sources/FuzzTargets/FuzzWriter.swift → the root.
        var root = String(#filePath)
        for _ in 0..<3 { if let slash = root.lastIndex(of: "/") { root = String(root[..<slash]) } }
        let bytes = FuzzTarget.writerPhotoNames.compactMap { FuzzTarget.contents(of: root + "/Corpus/good/" + $0) }
        let sizes = bytes.map { b -> (width: Int, height: Int) in
            guard let p = try? PhotoReader.read(b, limits: Fuzz.limits) else { return (1, 1) }
            return (p.primary.width, p.primary.height)
        }
        return WriterPhotos(bytes: bytes, sizes: sizes)
    }()
}
