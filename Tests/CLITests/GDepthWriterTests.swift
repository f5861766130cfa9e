import Foundation
import Testing
import TestSupport

/// `strip` and `embed --replace` take a GDepth depth map out of a JPEG: its properties leave
/// the primary's XMP, `GDepth:Data` leaves the Extended XMP (which is written again under a
/// new GUID when other properties stay in it), and no byte of the map is left in the file.
@Suite struct GDepthWriterTests {
    static let lensBlur = "google-gdepth-lensblur.jpg"

    /// The bytes from the primary's first SOS on: the coded data the writer must not touch.
    static func codedData(_ b: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 2
        while i + 3 < b.count, b[i] == 0xFF {
            if b[i + 1] == 0xDA { return b[i...] }
            i += 2 + (Int(b[i + 2]) << 8 | Int(b[i + 3]))
        }
        return nil
    }

    /// The value of `name="…"` in the file's text (the standard or the reassembled packet).
    static func attribute(_ name: String, in text: String) -> String? {
        guard let r = text.range(of: name + "=\"") else { return nil }
        guard let end = text[r.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(text[r.upperBound..<end])
    }

    /// The packet bytes of every Extended XMP segment, in file order.
    static func extendedPacket(_ b: [UInt8]) -> [UInt8] {
        let id = Array("http://ns.adobe.com/xmp/extension/\0".utf8)
        var out: [UInt8] = [], i = 2
        while i + 3 < b.count, b[i] == 0xFF, b[i + 1] != 0xDA {
            let end = i + 2 + (Int(b[i + 2]) << 8 | Int(b[i + 3]))
            if Array(b[(i + 4)..<min(end, i + 4 + id.count)]) == id { out += b[(i + 4 + id.count + 40)..<end] }
            i = end
        }
        return out
    }

    @Test(.requires(.realFile(lensBlur)))
    func stripTakesTheLensBlurDepthOutAndKeepsTheOriginalImage() throws {
        let s = try Scratch("strip-gdepth")
        defer { s.remove() }
        let input = TestData.real(Self.lensBlur)
        let before = try TestData.realBytes(Self.lensBlur)
        let text = String(decoding: Self.extendedPacket(before), as: UTF8.self)
        let data = try #require(Self.attribute("GDepth:Data", in: text))
        let original = try #require(Self.attribute("GImage:Data", in: text))
        #expect(data.utf8.count == 268_496 && original.utf8.count == 252_160)
        let decoded = try #require(Data(base64Encoded: data))
        var outputs: [[UInt8]] = []
        for (n, args) in [["--aux", "depth"], ["--index", "0"], ["--all"]].enumerated() {
            let out = s.path("out\(n).jpg")
            let r = try Tools.depthcheck(["strip", input] + args + ["-o", out])
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(r.text == "\(out): removed depth [0]\n")
            outputs.append(try #require(FileBytes.read(out)))
        }
        #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0])
        let after = outputs[0]
        #expect(before.count == 605_282 && after.count == 336_179)
        #expect(before.count - after.count >= data.utf8.count)
        // Neither the base64 nor the PNG it decodes to is left anywhere.
        for at in [0, 100_000, 268_400] {
            #expect(ByteSearch.offsets(of: Array(Array(data.utf8)[at..<(at + 64)]), in: after).isEmpty)
        }
        for at in [0, 50_000, decoded.count - 64] {
            #expect(ByteSearch.offsets(of: Array(decoded[at..<(at + 64)]), in: after).isEmpty)
        }
        #expect(ByteSearch.offsets(of: Array("GDepth".utf8), in: after).isEmpty)
        // GImage:Data stays, in an Extended XMP packet whose MD5 the standard packet names.
        let kept = Self.extendedPacket(after)
        #expect(kept.count == 252_447)
        #expect(ByteSearch.offsets(of: Array(original.utf8), in: kept).count == 1)
        let keptText = String(decoding: after[0..<2_000], as: UTF8.self)
        #expect(Self.attribute("xmpNote:HasExtendedXMP", in: keptText) == "0730D6EA171DD4A5F154ACA2649C275F")
        #expect(Self.attribute("GFocus:FocalDistance", in: keptText) == "16.577824")
        #expect(Self.codedData(after) == Self.codedData(before))
        let check = try Tools.depthcheck(["check", "--pixels", s.path("out0.jpg")])
        #expect(check.status == 0, "\(check.text)")
        let info = try Tools.depthcheck(["info", s.path("out0.jpg")])
        #expect(info.status == 0 && info.text.contains("auxImages: []") && !info.text.contains("GDepth"))
    }

    @Test(.requires(.realFile(lensBlur), .tool("exiftool")))
    func exifToolFindsNoGDepthButTheOriginalImage() throws {
        let s = try Scratch("strip-gdepth-exiftool")
        defer { s.remove() }
        let out = s.path("out.jpg")
        #expect(try Tools.depthcheck(["strip", TestData.real(Self.lensBlur), "--aux", "depth", "-o", out]).status == 0)
        let et = try Tools.run(Tools.which("exiftool") ?? "exiftool", ["-G1", "-a", "-s", out])
        #expect(et.status == 0)
        let lines = et.text.split(separator: "\n")
        #expect(!lines.contains { $0.contains("GDepth") || $0.contains("Warning") })
        #expect(lines.contains { $0.hasPrefix("[XMP-GImage]") && $0.contains("ImageData") && $0.contains("Binary data 189118 bytes") })
        #expect(lines.contains { $0.hasPrefix("[XMP-xmpNote]") && $0.hasSuffix(": 0730D6EA171DD4A5F154ACA2649C275F") })
    }

    /// GDepth made here: the map in the standard packet, and the map alone in Extended XMP
    /// (whose segments and xmpNote:HasExtendedXMP then go), and the StandardXMP packet too,
    /// left with no property.
    @Test(arguments: [("jpeg-gdepth.jpg", 1_266, 563), ("jpeg-gdepth-extended-xmp.jpg", 1_832, 563)])
    func stripOfAFixture(name: String, sizeBefore: Int, sizeAfter: Int) throws {
        let s = try Scratch("strip-gdepth-fixture")
        defer { s.remove() }
        let bytes = try #require(GoodCorpus.all.first { $0.name == name }).make()
        let input = s.path(name), out = s.path("out.jpg")
        #expect(FileBytes.write(bytes, to: input))
        let r = try Tools.depthcheck(["strip", input, "--aux", "depth", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let after = try #require(FileBytes.read(out))
        #expect(bytes.count == sizeBefore)
        #expect(after.count == sizeAfter)
        #expect(ByteSearch.offsets(of: Array("GDepth".utf8), in: after).isEmpty)
        // The StandardXMP packet held GDepth alone: its segment went with it.
        #expect(ByteSearch.offsets(of: Array("xmpmeta".utf8), in: after).isEmpty)
        #expect(ByteSearch.offsets(of: Array("HasExtendedXMP".utf8), in: after).isEmpty)
        #expect(Self.extendedPacket(after).isEmpty)
        #expect(Self.codedData(after) == Self.codedData(bytes))
        let check = try Tools.depthcheck(["check", "--pixels", out])
        #expect(check.status == 0, "\(check.text)")
    }

    /// Without --replace a second depth is refused; with it GDepth's goes and the new one is an
    /// MPF aux image with Apple's XMP.
    @Test(.requires(.realFile(lensBlur)))
    func embedReplacesTheGDepthDepth() throws {
        let s = try Scratch("embed-gdepth")
        defer { s.remove() }
        let map = s.path("map.pgm")
        // 768×1024 photo: a 3×4 map has its aspect ratio.
        #expect(FileBytes.write(Array("P5 3 4 255\n".utf8) + (0..<12).map { UInt8($0 * 20) }, to: map))
        let out = s.path("out.jpg")
        let input = TestData.real(Self.lensBlur)
        let args = ["embed", "--image", input, "--depth", map, "--znear", "1", "--zfar", "9", "-o", out]
        let refused = try Tools.depthcheck(args)
        #expect(refused.status == 2)
        #expect(refused.stderr == "depthcheck: \(input) already has depth (GDepth XMP); use --replace\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        let r = try Tools.depthcheck(args + ["--replace"])
        #expect(r.status == 0, "\(r.stderr)")
        let before = try TestData.realBytes(Self.lensBlur)
        let after = try #require(FileBytes.read(out))
        #expect(ByteSearch.offsets(of: Array("GDepth".utf8), in: after).isEmpty)
        // The primary's coded data comes first, unchanged; the new depth image follows it.
        let c0 = try #require(Self.codedData(before)), c1 = try #require(Self.codedData(after))
        #expect(c1.starts(with: c0))
        let info = try Tools.depthcheck(["info", out])
        #expect(info.status == 0 && !info.text.contains("GDepth"))
        #expect(info.text.contains("auxImages:\n    aux image 1 of 1 (index 2):\n      index: 2\n      kind: depth\n      auxType: depth\n"), "\(info.text)")
        #expect(try Tools.depthcheck(["check", "--pixels", out]).status == 0)
    }
}
