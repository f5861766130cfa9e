import Container
import Foundation
import Testing
import TestSupport
@testable import AuxData

/// Every XMP packet depthcheck has, from the real, conformance, field and incoming corpora and
/// from its own good files, written again in each form RDF and XMP allow (`XMPForm`), reads as
/// the same properties and, through each description depthcheck reads (Apple's apdi and
/// depthData, the mattes, Apple's and Adobe's gain maps, GDepth, GContainer, Dynamic Depth,
/// XDM), the same facts. ExifTool, the independent reader, gives the same tags for every form.
@Suite struct XMPFormTests {
    struct Packet: CustomStringConvertible {
        let source: String
        let document: XMPDocument
        var description: String { source }
    }

    /// The folders of ../shared whose files are read, and the package's good files.
    static let folders = [TestData.realCorpus, TestData.rooted(TestData.conformanceCorpusName),
                          TestData.rooted(TestData.fieldCorpusName), TestData.rooted(TestData.incomingCorpusName),
                          TestData.packageRoot + "/Corpus/good"]

    /// Every packet of `bytes`: the StandardXMP packets (found whole in the file) and, for a
    /// JPEG, each image's reassembled Extended XMP.
    static func packets(_ bytes: [UInt8], source: String) -> [Packet] {
        var out: [Packet] = []
        for (i, p) in XMPTestFile.xmpPackets(bytes).enumerated() {
            if let doc = try? XMPDocument(parsing: p.bytes, at: p.offset, path: "packet"), !doc.properties.isEmpty {
                out.append(Packet(source: "\(source) packet \(i + 1)", document: doc))
            }
        }
        if let file = try? JPEG.File(parsing: bytes) {
            let images = [file.primary] + file.images.dropFirst().compactMap(\.image)
            for (i, image) in images.enumerated() {
                for ext in image.extendedXMP {
                    if let data = ext.bytes, let doc = try? XMPDocument(parsing: data, at: 0, path: "extended") {
                        out.append(Packet(source: "\(source) image \(i + 1) Extended XMP", document: doc))
                    }
                }
            }
        }
        return out
    }

    static var allPackets: [Packet] {
        var out: [Packet] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []
            for name in names where !name.hasPrefix(".") && !name.hasSuffix(".md") && !name.hasSuffix(".txt") {
                if let bytes = FileBytes.read(folder + "/" + name) { out += packets(bytes, source: name) }
            }
        }
        for c in GoodCorpus.all { out += packets(c.make(), source: c.name) }
        return out
    }

    /// A document's properties with no offsets, so that descriptions read from it compare by
    /// their facts alone.
    static func withoutOffsets(_ doc: XMPDocument) -> XMPDocument {
        func strip(_ p: XMPProperty) -> XMPProperty {
            var q = p
            q.offset = nil
            q.qualifiers = []
            switch p.value {
            case .structure(let f): q.value = .structure(f.map(strip))
            case .array(let k, let items): q.value = .array(k, items.map(stripValue))
            case .text: break
            }
            return q
        }
        func stripValue(_ v: XMPValue) -> XMPValue {
            switch v {
            case .structure(let f): return .structure(f.map(strip))
            case .array(let k, let items): return .array(k, items.map(stripValue))
            case .text: return v
            }
        }
        return XMPDocument(descriptions: [XMPDescription(about: "", properties: doc.properties.map(strip))])
    }

    /// What depthcheck reads from a packet, each description in words.
    static func readings(_ doc: XMPDocument) -> [String] {
        let d = withoutOffsets(doc)
        return [
            String(describing: AppleAuxDescription(d)), String(describing: DepthDataDescription(d)),
            String(describing: PortraitEffectsMatteDescription(d)), String(describing: SemanticSegmentationMatteDescription(d)),
            String(describing: HDRGainMapDescription(d)), String(describing: AdobeGainMapDescription(d)),
            String(describing: GDepthDescription(d)), String(describing: GContainerDescription(d)),
            String(describing: DynamicDepthDescription(d)), String(describing: XDMDescription(d)),
        ]
    }

    /// With ../shared beside the checkout, every description depthcheck reads is among the
    /// packets (without it, the other tests of the suite read the package's own packets).
    @Test(.requires(.realCorpus))
    func theCorporaHoldThePacketsThisSuiteIsAbout() throws {
        let packets = Self.allPackets
        // Each description depthcheck reads appears in at least one packet.
        let namespaces = Set(packets.flatMap { $0.document.properties.map(\.namespace) })
        for ns in [XMPNamespace.appleAux, "http://ns.google.com/photos/1.0/depthmap/", "http://ns.adobe.com/hdr-gain-map/1.0/",
                   "http://ns.google.com/photos/1.0/container/", "http://ns.google.com/photos/dd/1.0/device/"] {
            #expect(namespaces.contains(ns), "no packet uses \(ns)")
        }
    }

    @Test(arguments: XMPForm.allCases)
    func everyPacketReadsTheSameInThisForm(_ form: XMPForm) throws {
        var compared = 0
        for packet in Self.allPackets {
            let original = packet.document
            let written = XMPForms.packet(original.properties, form: form)
            let reread = try XMPDocument(parsing: written, at: 0, path: form.rawValue)
            #expect(XMPForms.facts(reread.properties) == XMPForms.facts(original.properties), "\(packet) as \(form): properties differ")
            #expect(Self.readings(reread) == Self.readings(original), "\(packet) as \(form): descriptions differ")
            compared += 1
        }
        #expect(compared > 0)
    }

    /// ExifTool reads each form of each packet as the same tags (their values and structure),
    /// one `exiftool` run for all the files.
    @Test(.requires(.tool("exiftool")))
    func exifToolReadsEveryFormAlike() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("depthcheck-xmp-forms-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let packets = Self.allPackets
        var files: [String] = []
        for (i, packet) in packets.enumerated() {
            for form in XMPForm.allCases {
                let path = dir + "/p\(i)-\(form.rawValue).xmp"
                #expect(FileBytes.write(XMPForms.packet(packet.document.properties, form: form), to: path))
                files.append(path)
            }
        }
        let exiftool = try #require(Tools.which("exiftool"))
        let r = try Tools.run(exiftool, ["-j", "-struct", "-n", "-XMP:all"] + files)
        let records = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [[String: Any]])
        var byFile: [String: NSDictionary] = [:]
        for var rec in records {
            let source = rec.removeValue(forKey: "SourceFile") as? String ?? ""
            byFile[(source as NSString).lastPathComponent] = rec as NSDictionary
        }
        for (i, packet) in packets.enumerated() {
            let base = try #require(byFile["p\(i)-elements.xmp"], "ExifTool read no tags from \(packet)")
            #expect(base.count > 0, "\(packet): no tags")
            for form in XMPForm.allCases where form != .elements {
                let got = byFile["p\(i)-\(form.rawValue).xmp"]
                #expect(got == base, "\(packet) as \(form): ExifTool reads \(got.map { "\($0)" } ?? "nothing"), as elements \(base)")
            }
        }
    }
}
