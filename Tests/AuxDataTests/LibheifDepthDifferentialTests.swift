import CHeifLazy
import Foundation
import Testing
import TestSupport
@testable import AuxData

/// depthcheck against libheif 1.15 on every HEIC libheif can open: the depth items and their
/// depth representation values (z_near/z_far/d_min/d_max, type, reference view) must agree.
/// Files libheif refuses (iOS 18 multi-target auxl, the malformed fuzz case) are recorded and
/// skipped: depthcheck reads them anyway.
@Suite struct LibheifDepthDifferentialTests {
    static func heics() -> [String] {
        var out: [String] = []
        for dir in [TestData.corpus + "/good", TestData.realCorpus] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            out += names.filter { $0.lowercased().hasSuffix(".heic") }.sorted().map { dir + "/" + $0 }
        }
        return out
    }

    struct LibheifDepth: Equatable {
        var id: UInt32
        var zNear: Double?, zFar: Double?, dMin: Double?, dMax: Double?
        var type: Int?, referenceView: Int?
    }

    /// libheif's view of the primary's depth items, or nil when libheif refuses the file.
    static func libheifDepth(_ path: String) -> [LibheifDepth]? {
        guard let ctx = heif_context_alloc() else { return nil }
        defer { heif_context_free(ctx) }
        guard heif_context_read_from_file(ctx, path, nil).code == heif_error_Ok else { return nil }
        var handle: OpaquePointer?
        guard heif_context_get_primary_image_handle(ctx, &handle).code == heif_error_Ok, let h = handle else { return nil }
        defer { heif_image_handle_release(h) }
        let n = Int(heif_image_handle_get_number_of_depth_images(h))
        var ids = [heif_item_id](repeating: 0, count: max(n, 1))
        let got = Int(heif_image_handle_get_list_of_depth_image_IDs(h, &ids, Int32(n)))
        var out: [LibheifDepth] = []
        for id in ids.prefix(got) {
            var d = LibheifDepth(id: id)
            var info: UnsafePointer<heif_depth_representation_info>?
            if heif_image_handle_get_depth_image_representation_info(h, id, &info) != 0, let i = info?.pointee {
                if i.has_z_near != 0 { d.zNear = i.z_near }
                if i.has_z_far != 0 { d.zFar = i.z_far }
                if i.has_d_min != 0 { d.dMin = i.d_min }
                if i.has_d_max != 0 { d.dMax = i.d_max }
                d.type = Int(i.depth_representation_type.rawValue)
                d.referenceView = i.has_d_min != 0 || i.has_d_max != 0 ? Int(i.disparity_reference_view) : nil
                heif_depth_representation_info_free(info)
            }
            out.append(d)
        }
        return out
    }

    /// Files libheif 1.15 refuses to open; depthcheck reads them without libheif.
    static let refusedByLibheif: Set<String> = ["libheif-fuzz-bad-depth.heic"]

    @Test(.requires(.realCorpus))
    func depthRepresentationAgreesWithLibheif() throws {
        var compared = 0
        for path in Self.heics() {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard !Self.refusedByLibheif.contains(name) else {
                #expect(Self.libheifDepth(path) == nil, "libheif now opens \(name): drop it from refusedByLibheif")
                continue
            }
            let theirs = try #require(Self.libheifDepth(path), "libheif 1.15 refuses \(path)")
            let data = try #require(FileBytes.read(path))
            guard let photo = try? PhotoReader.read(data) else {
                Issue.record("depthcheck cannot read \(path), which libheif opens"); continue
            }
            // libheif counts only auxid:2 / cicp depth URNs as depth (libheif 1.15 heif.h).
            let ours = photo.auxImages.filter { AuxClassifier.depthURNs.contains($0.auxType ?? "") }.map { a in
                LibheifDepth(id: UInt32(a.index), zNear: a.representation?.zNear, zFar: a.representation?.zFar,
                             dMin: a.representation?.dMin, dMax: a.representation?.dMax,
                             type: a.representation?.representationType,
                             referenceView: a.representation?.disparityReferenceView)
            }
            // libheif reports no info at all (type nil) where the subtype has no SEI.
            let theirsNormalised = theirs.map { t -> LibheifDepth in
                var t = t
                if t.type == nil { t.referenceView = nil }
                return t
            }
            #expect(ours == theirsNormalised, "\(path)")
            compared += 1
        }
        #expect(compared >= 2, "libheif opened too few files to compare")
    }
}
