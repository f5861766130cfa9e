import AuxData
import Container
import Foundation
import Testing
import TestSupport

/// The files of `Corpus/good/` that depthcheck's writer makes (`WriterCorpus`): each is what
/// the writer makes today, passes `check` with no finding (the cropped HEIC: exactly the note
/// `geometry.primary.cropped`), round-trips with equal decoded samples, and is read by the
/// independent readers (ExifTool and Pillow for JPEG; libheif's heif-info and pillow-heif for
/// HEIC). `DEPTHCHECK_UPDATE_CORPUS=1 swift test --filter WriterCorpusTests` rewrites them.
@Suite struct WriterCorpusTests {
    static func path(_ e: WriterCorpus.Entry) -> String { "Corpus/good/" + e.name }
    static var jpegs: [WriterCorpus.Entry] { WriterCorpus.entries.filter { $0.container == .jpeg } }
    static var heics: [WriterCorpus.Entry] { WriterCorpus.entries.filter { $0.container == .heif } }

    static func mapCount(_ e: WriterCorpus.Entry) -> Int { 1 + (e.portraitMatte ? 1 : 0) + e.semanticMattes.count }

    @Test(arguments: WriterCorpus.entries)
    func committedFileIsWhatTheWriterMakes(_ e: WriterCorpus.Entry) throws {
        let built = try WriterCorpus.build(e)
        let path = TestData.corpus + "/good/" + e.name
        if FileBytes.environment("DEPTHCHECK_UPDATE_CORPUS") == "1" { #expect(FileBytes.write(built, to: path)) }
        let committed = WriterCorpus.committed(e)
        #expect(committed == built, "\(e.name) differs from the writer's output; run with DEPTHCHECK_UPDATE_CORPUS=1")
        #expect(committed.count < (e.container == .jpeg ? 16_000 : 40_000), "\(e.name): \(committed.count) bytes")
    }

    @Test func theCoverHasEveryValueOfEveryAxisInEachContainer() {
        for c in [ContainerFormat.jpeg, .heif] {
            let files = WriterCorpus.entries.filter { $0.container == c }
            #expect(Set(files.map(\.kind)) == [.depth, .disparity])
            #expect(Set(files.map(\.format)) == Set(PixelFormat.depthFormats))
            #expect(Set(files.map(\.orientation)) == [1, 3, 6, 8])
            #expect(files.contains { $0.portraitMatte })
            #expect(Set(files.flatMap(\.semanticMattes)) == Set(SemanticMatte.allCases))
        }
        #expect(WriterCorpus.entries.contains { $0.croppedPrimary })
    }

    @Test func everyFilePassesCheckWithNoFinding() throws {
        let r = try Tools.depthcheck(["check", "--format", "json"] + WriterCorpus.entries.map(Self.path))
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == WriterCorpus.entries.count)
        for (e, f) in zip(WriterCorpus.entries, files) {
            #expect(f["verdict"] as? String == "pass", "\(e.name)")
            let findings = (f["findings"] as? [[String: Any]] ?? []).map { "\($0["rule"] ?? "") \($0["severity"] ?? "")" }
            #expect(findings == (e.croppedPrimary ? ["geometry.primary.cropped note"] : []), "\(e.name)")
            let aux = f["auxImages"] as? [[String: Any]] ?? []
            let kinds = aux.compactMap { $0["kind"] as? String }
            #expect(kinds == [e.kind.rawValue] + (e.portraitMatte ? ["portraitEffectsMatte"] : [])
                    + e.semanticMattes.map { _ in "semanticMatte" }, "\(e.name)")
            let desc = aux.first?["description"] as? [String: Any]
            #expect(desc?["PixelFormat"] as? String == e.format.description, "\(e.name)")
            let primary = f["primary"] as? [String: Any]
            #expect(primary?["orientation"] as? Int == (e.container == .jpeg ? e.orientation : primary?["orientation"] as? Int))
        }
    }

    @Test(arguments: WriterCorpus.entries)
    func roundTripDecodesEqualSamples(_ e: WriterCorpus.Entry) throws {
        let r = try Tools.depthcheck(["roundtrip", Self.path(e)])
        #expect(r.status == 0, "\(r.text)")
        let n = Self.mapCount(e)
        #expect(r.text.contains("same photo") && r.text.contains("\(n) of \(n) aux images decoded to equal samples"), "\(r.text)")
    }

    @Test(.requires(.tool("exiftool")), arguments: jpegs)
    func exifToolListsEveryMPImageAndItsType(_ e: WriterCorpus.Entry) throws {
        let et = try Tools.run(try #require(Tools.which("exiftool")), ["-s", "-a", "-NumberOfImages", "-Orientation#",
                                                                        "-AuxiliaryImageType", "-ee", Self.path(e)])
        #expect(et.status == 0)
        let lines = et.text.split(separator: "\n").map { $0.replacingOccurrences(of: " ", with: "") }
        #expect(lines.contains("NumberOfImages:\(1 + Self.mapCount(e))"), "\(et.text)")
        #expect(lines.contains("Orientation:\(e.orientation)"), "\(et.text)")
        let types = lines.filter { $0.hasPrefix("AuxiliaryImageType:") }.map { String($0.dropFirst(19)) }
        let expected = [e.kind.rawValue] + (e.portraitMatte ? ["depth"] : [])
            + e.semanticMattes.map { s in AuxClassifier.semanticURNs.first { $0.value == s }?.key ?? "" }
        #expect(types == expected, "\(et.text)")
    }

    @Test(.requires(.pillowHEIF), arguments: jpegs)
    func pillowDecodesEveryMPOFrame(_ e: WriterCorpus.Entry) throws {
        let script = "from PIL import Image\nimport sys\nim = Image.open(sys.argv[1])\nprint(im.format, im.n_frames)\n"
            + "for k in range(1, im.n_frames):\n    im.seek(k); im.load(); print(im.size, im.mode)\n"
        let p = try Tools.run(try #require(Tools.pyenvPython), ["-c", script, Self.path(e)])
        #expect(p.status == 0, "\(p.stderr)")
        #expect(p.text == "MPO \(1 + Self.mapCount(e))\n" + String(repeating: "(16, 12) L\n", count: Self.mapCount(e)))
    }

    @Test(.requires(.tool("heif-info")), arguments: heics)
    func heifInfoSeesTheDepthChannel(_ e: WriterCorpus.Entry) throws {
        let info = try Tools.run(try #require(Tools.which("heif-info")), [Self.path(e)])
        #expect(info.status == 0, "\(info.stderr)")
        // libheif shows items turned by their irot, the depth among them.
        #expect(info.text.contains("depth channel: yes\n (\(e.orientation >= 5 ? "66x88" : "88x66"))"), "\(info.text)")
    }

    @Test(.requires(.pillowHEIF), arguments: heics)
    func pillowHEIFDecodesTheDepthAndEveryMatte(_ e: WriterCorpus.Entry) throws {
        let script = """
            import sys, pillow_heif
            f = pillow_heif.open_heif(sys.argv[1])
            d = f.info["depth_images"]
            print(len(d), d[0].size, d[0].mode)
            for urn, ids in sorted(f.info.get("aux", {}).items()):
                for i in ids:
                    a = f.get_aux_image(i)
                    print(urn, a.size, a.mode)
            """
        let p = try Tools.run(try #require(Tools.pyenvPython), ["-c", script, Self.path(e)])
        #expect(p.status == 0, "\(p.stderr)")
        var urns = e.semanticMattes.map { s in AuxClassifier.semanticURNs.first { $0.value == s }?.key ?? "" }
        if e.portraitMatte { urns.append(AuxClassifier.portraitEffectsMatteURN) }
        // pillow-heif turns each item by its irot: 90° and 270° show 66×88.
        let size = e.orientation >= 5 ? "(66, 88)" : "(88, 66)"
        let expected = "1 \(size) L\n" + urns.sorted().map { "\($0) \(size) L\n" }.joined()
        #expect(p.text == expected, "\(p.text)")
    }
}
