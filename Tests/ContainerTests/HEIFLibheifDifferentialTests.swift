import Testing
import CHeifLazy
import Container
import TestSupport

/// What libheif 1.15 reports about the primary image's auxiliary images.
private struct LibheifAux: Equatable, CustomStringConvertible {
    let id: UInt32
    let type: String
    let width: Int
    let height: Int
    var description: String { "\(id) \(type) \(width)×\(height)" }
}

private struct LibheifView {
    let aux: [LibheifAux]
    let depthCount: Int
}

/// Opens `path` with libheif; nil (and the reason) when libheif refuses it.
private func libheifView(_ path: String) -> (LibheifView?, String) {
    guard let ctx = heif_context_alloc() else { return (nil, "heif_context_alloc failed") }
    defer { heif_context_free(ctx) }
    let err = heif_context_read_from_file(ctx, path, nil)
    guard err.code == heif_error_Ok else { return (nil, String(cString: err.message)) }
    var primary: OpaquePointer? = nil
    let perr = heif_context_get_primary_image_handle(ctx, &primary)
    guard perr.code == heif_error_Ok, let handle = primary else { return (nil, String(cString: perr.message)) }
    defer { heif_image_handle_release(handle) }
    let n = Int(heif_image_handle_get_number_of_auxiliary_images(handle, 0))
    var ids = [heif_item_id](repeating: 0, count: max(n, 1))
    let got = Int(heif_image_handle_get_list_of_auxiliary_image_IDs(handle, 0, &ids, Int32(n)))
    var aux: [LibheifAux] = []
    for id in ids.prefix(got) {
        var auxHandle: OpaquePointer? = nil
        let aerr = heif_image_handle_get_auxiliary_image_handle(handle, id, &auxHandle)
        guard aerr.code == heif_error_Ok, let ah = auxHandle else { return (nil, String(cString: aerr.message)) }
        var urn: UnsafePointer<CChar>? = nil
        let terr = heif_image_handle_get_auxiliary_type(ah, &urn)
        let type = terr.code == heif_error_Ok ? urn.map { String(cString: $0) } ?? "" : "<\(String(cString: terr.message))>"
        heif_image_handle_free_auxiliary_types(ah, &urn)
        aux.append(LibheifAux(id: id, type: type, width: Int(heif_image_handle_get_ispe_width(ah)),
                              height: Int(heif_image_handle_get_ispe_height(ah))))
        heif_image_handle_release(ah)
    }
    return (LibheifView(aux: aux, depthCount: Int(heif_image_handle_get_number_of_depth_images(handle))), "")
}

/// HEIF files under `dir`, recursively.
private func heifFiles(under dir: String) -> [String] {
    var out: [String] = []
    for name in FileBytes.list(dir) {
        let path = dir + "/" + name
        let lower = name.lowercased()
        if lower.hasSuffix(".heic") || lower.hasSuffix(".heif") || lower.hasSuffix(".avif") {
            out.append(path)
        } else if !name.contains(".") {
            out += heifFiles(under: path)
        }
    }
    return out
}

@Suite struct HEIFLibheifDifferentialTests {
    static let files = heifFiles(under: TestData.corpus) + heifFiles(under: TestData.realCorpus)

    @Test func thereAreFilesToCompare() {
        #expect(Self.files.contains { $0.hasSuffix(HEIFFixture.corpusDisparityName) })
    }

    /// Files libheif 1.15 refuses to open (the malformed fuzz sample: an item without
    /// properties); depthcheck reads them without libheif, so there is nothing to compare.
    static let refusedByLibheif: Set<String> = ["libheif-fuzz-bad-depth.heic"]

    @Test(arguments: files) func auxiliaryImagesAgreeWithLibheif(path: String) throws {
        let (view, reason) = libheifView(path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard !Self.refusedByLibheif.contains(name) else {
            #expect(view == nil, "libheif now opens \(name): compare it, and drop it from refusedByLibheif")
            return
        }
        let lib = try #require(view, "libheif 1.15 refuses \(path): \(reason)")
        let bytes = try #require(FileBytes.read(path))
        let f = try HEIF.File(parsing: bytes)
        let primary = try #require(f.primaryItemID)
        let ours = f.graph.auxiliaryImages(of: primary).map {
            LibheifAux(id: $0.itemID, type: $0.auxType ?? "", width: Int($0.ispe?.width ?? 0), height: Int($0.ispe?.height ?? 0))
        }
        #expect(ours.sorted { $0.id < $1.id } == lib.aux.sorted { $0.id < $1.id }, "\(path)")
        let depthURNs: Set<String> = ["urn:mpeg:hevc:2015:auxid:2", "urn:mpeg:mpegB:cicp:systems:auxiliary:depth"]
        #expect(ours.filter { depthURNs.contains($0.type) }.count == lib.depthCount, "\(path)")
        print("libheif agrees on \(path): \(lib.aux)")
    }
}
