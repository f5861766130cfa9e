import CHeifLazy
import Foundation
import Testing
import TestSupport
@testable import AuxData

/// The HEVC aux decoder against libheif decoding the original file, and against pillow-heif
/// (a current libheif with libde265) on every HEIC it opens: the same samples, exactly.
@Suite struct AuxDecoderHEIFTests {
    static func heics() -> [String] {
        var out: [String] = []
        for dir in [TestData.corpus + "/good", TestData.realCorpus] {
            out += FileBytes.list(dir).filter { $0.lowercased().hasSuffix(".heic") }.sorted().map { dir + "/" + $0 }
        }
        return out
    }

    /// libheif's decode of every aux image of the primary (luma plane, native chroma), by item
    /// ID; nil when libheif refuses the file.
    static func libheifAux(_ path: String) -> [UInt32: (Int, Int, [UInt16])]? {
        guard let ctx = heif_context_alloc() else { return nil }
        defer { heif_context_free(ctx) }
        guard heif_context_read_from_file(ctx, path, nil).code == heif_error_Ok else { return nil }
        var handle: OpaquePointer?
        guard heif_context_get_primary_image_handle(ctx, &handle).code == heif_error_Ok, let h = handle else { return nil }
        defer { heif_image_handle_release(h) }
        let n = Int(heif_image_handle_get_number_of_auxiliary_images(h, 0))
        var ids = [heif_item_id](repeating: 0, count: max(n, 1))
        let got = Int(heif_image_handle_get_list_of_auxiliary_image_IDs(h, 0, &ids, Int32(n)))
        var out: [UInt32: (Int, Int, [UInt16])] = [:]
        for id in ids.prefix(got) {
            var ah: OpaquePointer?
            guard heif_image_handle_get_auxiliary_image_handle(h, id, &ah).code == heif_error_Ok, let a = ah else { continue }
            defer { heif_image_handle_release(a) }
            var img: OpaquePointer?
            let options = heif_decoding_options_alloc()
            options?.pointee.ignore_transformations = 1
            defer { heif_decoding_options_free(options) }
            guard heif_decode_image(a, &img, heif_colorspace_undefined, heif_chroma_undefined, options).code == heif_error_Ok,
                  let im = img else { continue }
            defer { heif_image_release(im) }
            let w = Int(heif_image_get_width(im, heif_channel_Y)), ht = Int(heif_image_get_height(im, heif_channel_Y))
            let bits = Int(heif_image_get_bits_per_pixel_range(im, heif_channel_Y))
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(im, heif_channel_Y, &stride) else { continue }
            var samples: [UInt16] = []
            samples.reserveCapacity(w * ht)
            for y in 0..<ht {
                let row = UnsafeRawPointer(plane + y * Int(stride))
                for x in 0..<w {
                    samples.append(bits > 8 ? row.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self)
                                            : UInt16(row.load(fromByteOffset: x, as: UInt8.self)))
                }
            }
            out[id] = (w, ht, samples)
        }
        return out
    }

    @Test(.requires(.realCorpus))
    func samplesEqualLibheifOnEveryHEIC() throws {
        var compared = 0
        for path in Self.heics() {
            guard let theirs = Self.libheifAux(path) else { continue }
            let bytes = try #require(FileBytes.read(path))
            let photo = try PhotoReader.read(bytes)
            let decoder = AuxDecoder(photo: photo, bytes: bytes)
            for (id, (w, h, samples)) in theirs {
                let aux = try #require(photo.auxImages.first { $0.index == Int(id) }, "\(path): item \(id)")
                let ours = try decoder.storedImage(aux)
                #expect(ours.width == w && ours.height == h, "\(path) item \(id)")
                #expect(ours.samples == samples, "\(path) item \(id): samples differ from libheif")
                compared += 1
            }
        }
        // The good HEIC's disparity, the iOS 16 depth and gain map, the ImageIO depth, the alpha,
        // and the 12 maps of the writer's HEICs in Corpus/good.
        #expect(compared == 17)
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func iOS16DepthValuesFollowTheSEIRange() throws {
        let bytes = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        let photo = try PhotoReader.read(bytes)
        let depth = try #require(photo.auxImages.first { $0.kind.isDepthLike })
        let gain = try #require(photo.auxImages.first { $0.kind == .hdrGainMap })
        let d = try AuxDecoder(photo: photo, bytes: bytes).storedImage(depth)
        let g = try AuxDecoder(photo: photo, bytes: bytes).storedImage(gain)
        #expect(d.layout == StoredLayout(width: 768, height: 576, bitDepth: 8, codec: .hevc))
        #expect(g.layout.width == 2016 && g.layout.height == 1512)
        // The XMP apdi range comes first; it equals the SEI's d_min/d_max to float16 precision.
        let m = ValueMapping.of(depth, in: photo, bitDepth: 8)
        #expect(m.unit == .disparity)
        let rep = try #require(depth.representation)
        let sei = try #require(ValueMapping.seiMapping(rep, bits: 8))
        #expect(sei.values[0] == 1.498046875)
        #expect(sei.values[255] == 4.3828125)
    }

    /// pillow-heif's decode of the depth and aux images: `name item w h sha-of-samples` lines.
    static let pillowScript = """
        import sys, hashlib, pillow_heif, numpy as np
        f = pillow_heif.open_heif(sys.argv[1])
        for d in f.info.get("depth_images", []):
            a = np.asarray(d)
            m = d.info.get("metadata", {})
            print("depth", a.shape[1], a.shape[0], hashlib.sha1(a.astype(np.uint16).tobytes()).hexdigest(), m.get("d_min"), m.get("d_max"))
        for urn, ids in f.info.get("aux", {}).items():
            for i in ids:
                im = f.get_aux_image(i)
                a = np.asarray(im)
                print("aux", i, a.shape[1], a.shape[0], hashlib.sha1(a.astype(np.uint16).tobytes()).hexdigest())
        """

    static func sha1(_ samples: [UInt16]) throws -> String {
        let python = try #require(Tools.pyenvPython)
        let r = try Tools.run(python, ["-c", "import sys,hashlib,numpy as np; print(hashlib.sha1(np.frombuffer(sys.stdin.buffer.read(), dtype='<u2').tobytes()).hexdigest())"],
                              input: samples.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        return String(decoding: r.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(.requires(.pillowHEIF, .realCorpus))
    func samplesEqualPillowHEIF() throws {
        let python = try #require(Tools.pyenvPython)
        var compared = 0
        for path in Self.heics() {
            let r = try Tools.run(python, ["-c", Self.pillowScript, path])
            guard r.status == 0 else { continue }   // a file pillow-heif refuses
            let bytes = try #require(FileBytes.read(path))
            let photo = try PhotoReader.read(bytes)
            let decoder = AuxDecoder(photo: photo, bytes: bytes)
            for line in String(decoding: r.stdout, as: UTF8.self).split(separator: "\n") {
                let f = line.split(separator: " ").map(String.init)
                if f[0] == "depth" {
                    let aux = try #require(photo.auxImages.first { a in
                        let shown = Self.shownSize(a, photo)
                        return a.kind.isDepthLike && shown.width == Int(f[1]) && shown.height == Int(f[2])
                    })
                    let img = try Self.shown(decoder.storedImage(aux), aux, photo)
                    #expect(try Self.sha1(img.samples) == f[3], "\(path) depth")
                    if f[4] != "None" { #expect(aux.representation?.dMin == Double(f[4])) }
                    if f[5] != "None" { #expect(aux.representation?.dMax == Double(f[5])) }
                } else {
                    let aux = try #require(photo.auxImages.first { $0.index == Int(f[1]) }, "\(path) aux \(f[1])")
                    let img = try Self.shown(decoder.storedImage(aux), aux, photo)
                    #expect(img.width == Int(f[2]) && img.height == Int(f[3]))
                    #expect(try Self.sha1(img.samples) == f[4], "\(path) aux \(f[1])")
                }
                compared += 1
            }
        }
        #expect(compared >= 3)
    }

    /// pillow-heif shows an item turned by its irot/imir: our stored samples in that frame.
    static func shown(_ img: StoredImage, _ aux: ParsedAuxImage, _ photo: ParsedPhoto) -> (width: Int, height: Int, samples: [UInt16]) {
        var m = (samples: img.samples, width: img.width, height: img.height)
        for step in MapOrientation.steps(for: aux, in: photo) { m = step.apply(m.samples, width: m.width, height: m.height) }
        return (m.width, m.height, m.samples)
    }

    static func shownSize(_ aux: ParsedAuxImage, _ photo: ParsedPhoto) -> (width: Int, height: Int) {
        let swaps = MapOrientation.steps(for: aux, in: photo).filter(\.swapsAxes).count % 2 == 1
        let (w, h) = (aux.width ?? 0, aux.height ?? 0)
        return swaps ? (h, w) : (w, h)
    }
}
