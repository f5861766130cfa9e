import Foundation
import Testing
import TestSupport

/// gainmap-audit (PyPI), an independent gain map reader, and pyultrahdr (PyPI), an independent
/// Ultra HDR writer, against depthcheck: every file either says holds a gain map, the other
/// finds it as an `hdrGainMap` of the same byte length; every file gainmap-audit calls orphaned
/// is a `gainmap.orphaned` finding, except Apple-style depth JPEGs, whose disparity image
/// gainmap-audit takes for a gain map nothing declares (it has no gain map metadata; Apple's
/// gain maps carry HDRGainMap XMP), where depthcheck rightly sees a disparity map.
@Suite struct GainMapAuditDifferentialTests {
    static var gmaudit: String { TestData.packageRoot + "/.build/pyenv/bin/gmaudit" }

    struct Audit {
        let state: String
        let length: Int?
        /// The HEIF item ID of the gain map image.
        let itemID: Int?
    }

    static func audit(_ paths: [String]) throws -> [String: Audit] {
        // Options after the subcommand: gmaudit's subparser would reset them otherwise.
        let r = try Tools.run(gmaudit, ["check", "--json", "--fail-on", "error"] + paths)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any], "\(r.stderr)")
        var out: [String: Audit] = [:]
        for f in (doc["files"] as? [[String: Any]]) ?? [] {
            guard let p = f["path"] as? String, let state = f["state"] as? String else { continue }
            let map = f["gain_map"] as? [String: Any]
            out[p] = Audit(state: state, length: map?["length"] as? Int, itemID: map?["item_id"] as? Int)
        }
        return out
    }

    static func depthcheck(_ path: String) throws -> (gainMaps: [Int], kinds: [String], orphaned: Bool, indices: [Int]) {
        let r = try Tools.run(Tools.depthcheck, ["check", "--format", "jsonl", path])
        let d = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let aux = (d["auxImages"] as? [[String: Any]]) ?? []
        let bytes = try #require(FileBytes.read(path))
        let maps = aux.filter { $0["kind"] as? String == "hdrGainMap" }.compactMap { a -> Int? in
            // The image's length: from its offset to the next image's, or to the end of the file.
            guard let at = a["offset"] as? Int else { return nil }
            let next = aux.compactMap { $0["offset"] as? Int }.filter { $0 > at }.min() ?? bytes.count
            return next - at
        }
        let orphaned = ((d["findings"] as? [[String: Any]]) ?? []).contains { $0["rule"] as? String == "gainmap.orphaned" }
        let indices = aux.filter { $0["kind"] as? String == "hdrGainMap" }.compactMap { $0["index"] as? Int }
        return (maps, aux.compactMap { $0["kind"] as? String }, orphaned, indices)
    }

    @Test(.requires(.pythonModules("gainmap_audit", "sdr_to_hdr", "numpy", "PIL")))
    func gainmapAuditAndDepthcheckAgree() throws {
        let s = try Scratch("gainmap-audit")
        defer { s.remove() }
        var files: [String: [UInt8]] = [
            "ultrahdr.jpg": UltraHDRFixture.photo(),
            "ultrahdr-iso.jpg": UltraHDRFixture.photo(iso: true),
            "ultrahdr-no-mpf.jpg": UltraHDRFixture.photo(mpf: false),
            "declared-missing.jpg": UltraHDRFixture.photo(mpf: false, gainMap: false),
            "undeclared.jpg": UltraHDRFixture.photo(declare: false),
            "apple-style-disparity.jpg": JPEGFixture.demoDisparity(),
            "ultrahdr-colour.jpg": UltraHDRFixture.colourPhoto(),
        ]
        // pyultrahdr: a 64×48 base and a gain map rising from 0 to 2 stops left to right.
        let python = try #require(Tools.pyenvPython)
        let made = try Tools.run(python, ["-c", UltraHDRFixture.pyultrahdrScript, s.path("pyultrahdr.jpg")])
        #expect(made.status == 0, "\(made.stderr)")
        for (name, bytes) in files { #expect(FileBytes.write(bytes, to: s.path(name))) }
        files["pyultrahdr.jpg"] = FileBytes.read(s.path("pyultrahdr.jpg"))
        // What depthcheck writes from them: the gain map stripped, depth embedded beside it.
        _ = try s.write("P5 16 12 255\n" + String(repeating: "A", count: 16 * 12), to: "m.pgm")
        #expect(try Tools.run(Tools.depthcheck, ["strip", s.path("ultrahdr.jpg"), "--aux", "gainmap", "-o", s.path("stripped.jpg")]).status == 0)
        #expect(try Tools.run(Tools.depthcheck, ["embed", "--image", s.path("ultrahdr-no-mpf.jpg"), "--depth", s.path("m.pgm"),
                                                 "--znear", "0.5", "--zfar", "4", "-o", s.path("embedded.jpg")]).status == 0)
        var paths = (Array(files.keys) + ["stripped.jpg", "embedded.jpg"]).map(s.path)
        for field in ["ultrahdr-pixel-original.jpg", "ultrahdr-orphaned-after-edit.jpg", "libavif-tmap-gainmap.avif"]
        where FileBytes.exists(TestData.field(field)) {
            paths.append(TestData.field(field))
        }
        for real in ["apple-heic-depth-gainmap-ios16.heic", "imageio-jpeg-gainmap.jpg"] where FileBytes.exists(TestData.real(real)) {
            paths.append(TestData.real(real))
        }
        let audits = try Self.audit(paths)
        #expect(audits.count == paths.count)
        var expected: [String: String] = [
            "ultrahdr.jpg": "ultrahdr", "ultrahdr-iso.jpg": "ultrahdr", "ultrahdr-no-mpf.jpg": "ultrahdr",
            "declared-missing.jpg": "orphaned", "undeclared.jpg": "orphaned", "apple-style-disparity.jpg": "orphaned",
            "pyultrahdr.jpg": "ultrahdr", "stripped.jpg": "none", "embedded.jpg": "ultrahdr",
            "ultrahdr-pixel-original.jpg": "ultrahdr", "ultrahdr-orphaned-after-edit.jpg": "orphaned",
            "ultrahdr-colour.jpg": "ultrahdr", "libavif-tmap-gainmap.avif": "iso-heif",
            "apple-heic-depth-gainmap-ios16.heic": "apple-aux", "imageio-jpeg-gainmap.jpg": "apple-aux",
        ]
        expected = expected.filter { e in paths.contains { $0.hasSuffix("/" + e.key) } }
        for path in paths {
            let name = String(path.split(separator: "/").last ?? "")
            let a = try #require(audits[path], "\(name) not audited")
            #expect(a.state == expected[name], "\(name): gainmap-audit says \(a.state)")
            let ours = try Self.depthcheck(path)
            switch a.state {
            case "ultrahdr", "apple-aux", "iso-heif":
                #expect(ours.gainMaps.count == 1 && !ours.orphaned, "\(name): \(ours)")
                if let n = a.length { #expect(ours.gainMaps == [n], "\(name): gainmap-audit length \(n), depthcheck \(ours.gainMaps)") }
                if let id = a.itemID { #expect(ours.indices == [id], "\(name): gainmap-audit item \(id), depthcheck \(ours.indices)") }
            case "orphaned" where name == "apple-style-disparity.jpg":
                // gainmap-audit is wrong here: the second image is a disparity map with Apple's XMP.
                #expect(ours.kinds == ["disparity"] && !ours.orphaned, "\(name): \(ours)")
            case "orphaned":
                #expect(ours.orphaned, "\(name): \(ours)")
            default:
                #expect(ours.gainMaps.isEmpty && !ours.orphaned, "\(name): \(ours)")
            }
        }
    }
}
