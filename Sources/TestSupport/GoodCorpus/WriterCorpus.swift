import AuxData
import Container

/// The part of `Corpus/good/` that depthcheck's writer makes (`AuxEmbedder`): a combinatorial
/// cover, not the full product, of both containers × depth, disparity, the portrait matte and
/// the five semantic mattes × the four depth pixel formats × Exif orientations 1, 3, 6 and 8
/// (a JPEG's Exif Orientation, a HEIC's `irot`) × a cropped primary (a HEIC `clap`; JPEG has
/// no crop). Every value of every axis appears in each container. Maps are small: 16×12 in a
/// JPEG, 88×66 in a HEIC (x265 codes sides from 64 up), 8-bit as Apple stores them.
/// `DEPTHCHECK_UPDATE_CORPUS=1 swift test --filter WriterCorpusTests` writes the files.
package enum WriterCorpus {
    package struct Entry: Sendable, CustomStringConvertible {
        package let name: String
        package let container: ContainerFormat
        package let kind: AuxImageKind
        package let format: PixelFormat
        package let orientation: Int
        /// The primary carries a `clap`: the file gets the note `geometry.primary.cropped`.
        package let croppedPrimary: Bool
        /// Adds a portrait effects matte.
        package let portraitMatte: Bool
        /// Adds these semantic mattes.
        package let semanticMattes: [SemanticMatte]
        package var description: String { name }
    }

    package static let entries: [Entry] = [
        Entry(name: "writer-jpeg-disparity-hdis-o1.jpg", container: .jpeg, kind: .disparity, format: PixelFormat.hdis,
              orientation: 1, croppedPrimary: false, portraitMatte: false, semanticMattes: []),
        Entry(name: "writer-jpeg-depth-fdep-o3-matte.jpg", container: .jpeg, kind: .depth, format: PixelFormat.fdep,
              orientation: 3, croppedPrimary: false, portraitMatte: true, semanticMattes: []),
        Entry(name: "writer-jpeg-disparity-fdis-o6-semantic.jpg", container: .jpeg, kind: .disparity, format: PixelFormat.fdis,
              orientation: 6, croppedPrimary: false, portraitMatte: false, semanticMattes: SemanticMatte.allCases),
        Entry(name: "writer-jpeg-depth-hdep-o8-matte-semantic.jpg", container: .jpeg, kind: .depth, format: PixelFormat.hdep,
              orientation: 8, croppedPrimary: false, portraitMatte: true, semanticMattes: [.hair, .skin]),
        Entry(name: "writer-heif-disparity-fdis-o1-cropped.heic", container: .heif, kind: .disparity, format: PixelFormat.fdis,
              orientation: 1, croppedPrimary: true, portraitMatte: false, semanticMattes: []),
        Entry(name: "writer-heif-depth-hdep-o3-matte.heic", container: .heif, kind: .depth, format: PixelFormat.hdep,
              orientation: 3, croppedPrimary: false, portraitMatte: true, semanticMattes: []),
        Entry(name: "writer-heif-disparity-hdis-o6-semantic.heic", container: .heif, kind: .disparity, format: PixelFormat.hdis,
              orientation: 6, croppedPrimary: false, portraitMatte: false, semanticMattes: SemanticMatte.allCases),
        Entry(name: "writer-heif-depth-fdep-o8-matte.heic", container: .heif, kind: .depth, format: PixelFormat.fdep,
              orientation: 8, croppedPrimary: false, portraitMatte: true, semanticMattes: [.teeth]),
    ]

    /// The committed file of `entry` (empty when missing).
    package static func committed(_ entry: Entry) -> [UInt8] {
        FileBytes.read(TestData.corpus + "/good/" + entry.name) ?? []
    }

    /// The good cases of `GoodCorpus.all`: the committed files, except the cropped one, whose
    /// note `geometry.primary.cropped` is a finding by design.
    static var goodCases: [GoodCase] {
        entries.filter { !$0.croppedPrimary }.map { e in GoodCase(name: e.name) { committed(e) } }
    }

    /// The 64×48 primary: a JPEG with Exif Orientation, or the good HEIC's primary with `irot`
    /// (and `clap`), without aux images.
    static func photo(_ e: Entry) -> [UInt8] {
        switch e.container {
        case .jpeg:
            return JPEGFixture.image([JPEGFixture.exif(orientation: UInt16(e.orientation))], body: JPEGFixture.color64x48Body)
        case .heif:
            var f = HEIFBadFile.good
            var primary = HEIFBadFile.primary
            // ISO/IEC 23008-12 §6.5.1: clap before irot.
            if e.croppedPrimary { primary.append(0x80 | f.addProperty(HEIFBadFile.clap(width: 60, height: 44))) }
            let turns: UInt8 = [3: 2, 6: 3, 8: 1][e.orientation] ?? 0
            if turns != 0 { primary.append(0x80 | f.addProperty(HEIFBadFile.irot(turns))) }
            f.associate(1, primary)
            return f.build()
        }
    }

    /// The file: the photo with its maps, written by `AuxEmbedder`.
    package static func build(_ e: Entry) throws(WriteError) -> [UInt8] {
        let (w, h) = e.container == .jpeg ? (16, 12) : (88, 66)
        var values: [Double] = []
        for y in 0..<h {
            for x in 0..<w {
                let t = Double(x) / Double(w - 1) * 0.8 + Double(y) / Double(h - 1) * 0.2
                let metres = 0.6 + 3.4 * t   // 0.6 m ... 4 m
                values.append(e.kind == .depth ? metres : 1 / metres)
            }
        }
        var maps: [AuxMap] = []
        if let m = AuxMap.quantising(values, width: w, height: h, kind: e.kind, format: e.format) { maps.append(m) }
        func matte(_ k: Int, _ semantic: SemanticMatte?) -> AuxMap {
            // A disc whose centre moves with k, soft at its edge.
            let cx = Double(w) * (0.3 + 0.1 * Double(k)), cy = Double(h) / 2, r = Double(h) * 0.35
            var s: [UInt8] = []
            for y in 0..<h {
                for x in 0..<w {
                    let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
                    s.append(UInt8(max(0, min(255, (r - d) * 64 + 128))))
                }
            }
            return AuxMap(kind: semantic == nil ? .portraitEffectsMatte : .semanticMatte, semanticMatte: semantic,
                          width: w, height: h, samples: s, nativeFormat: PixelFormat.L008)
        }
        if e.portraitMatte { maps.append(matte(0, nil)) }
        for (k, s) in e.semanticMattes.enumerated() { maps.append(matte(k + 1, s)) }
        let photo = photo(e)
        return try AuxEmbedder.edit(photo, removing: e.container == .heif ? [2] : [], adding: maps)
    }
}
