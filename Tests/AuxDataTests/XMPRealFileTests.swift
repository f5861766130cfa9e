import Testing
import Container
import TestSupport
@testable import AuxData

/// Crude byte searches in whole files, no parsing.
enum XMPTestFile {
    /// First index of `needle` in `hay` at or after `from`.
    static func indexOf(_ needle: [UInt8], in hay: [UInt8], from: Int = 0) -> Int? {
        guard needle.count <= hay.count, from <= hay.count - needle.count else { return nil }
        for i in from...(hay.count - needle.count) where hay[i] == needle[0] {
            if hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
        }
        return nil
    }

    /// Every `<x:xmpmeta … </x:xmpmeta>` in a file, with its offset: a crude scan, good enough for
    /// packets stored uncompressed in one piece.
    static func xmpPackets(_ bytes: [UInt8]) -> [(offset: Int, bytes: ArraySlice<UInt8>)] {
        let open = Array("<x:xmpmeta".utf8), close = Array("</x:xmpmeta>".utf8)
        var out: [(Int, ArraySlice<UInt8>)] = []
        var from = 0
        while let s = XMPTestFile.indexOf(open, in: bytes, from: from), let e = XMPTestFile.indexOf(close, in: bytes, from: s) {
            out.append((s, bytes[s..<(e + close.count)]))
            from = e + close.count
        }
        return out
    }
}

@Suite struct XMPRealFileTests {
    /// The packet that uses a namespace, parsed.
    func packet(_ file: [UInt8], using ns: String) throws -> XMPDocument? {
        for p in XMPTestFile.xmpPackets(file) {
            let doc = try XMPDocument(parsing: p.bytes, at: p.offset, path: "real")
            if doc.uses(ns) { return doc }
        }
        return nil
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func iPhoneXDisparityJPEG() throws {
        let file = try TestData.realBytes("apple-jpeg-disparity-iphonex.jpg")
        let doc = try #require(try packet(file, using: XMPNamespace.appleAux))
        #expect(doc.offset == 2_570_556)
        let aux = try #require(AppleAuxDescription(doc))
        #expect(aux.nativeFormat == .hdis)
        #expect(aux.storedFormat == .L008)
        #expect(aux.auxiliaryImageType == "disparity")
        #expect(aux.intMinValue == 0)
        #expect(aux.intMaxValue == 255)
        #expect(aux.floatMinValue == 0.650879)
        #expect(aux.floatMaxValue == 2.509766)
        #expect(aux.problems.isEmpty)
        let depth = try #require(DepthDataDescription(doc))
        #expect(depth.depthDataVersion == 65538)
        #expect(depth.intrinsicMatrix?.count == 9)
        #expect(depth.intrinsicMatrix?.first == 6112.78125)
        #expect(depth.extrinsicMatrix?.count == 12)
        #expect(depth.inverseLensDistortionCoefficients?.count == 8)
        #expect(depth.filtered == true)
        #expect(depth.quality == "high")
        #expect(depth.intrinsicMatrixReferenceHeight == 4032)
        #expect(depth.problems.isEmpty)
        #expect(AuxClassifier.classify(auxType: nil, apple: aux).kind == .disparity)
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg")))
    func nestedStructuresInArraysAreFlattenedWithPaths() throws {
        let file = try TestData.realBytes("apple-jpeg-disparity-iphonex.jpg")
        let p = try #require(XMPTestFile.xmpPackets(file).first)
        let doc = try XMPDocument(parsing: p.bytes, at: p.offset, path: "APP1#2/XMP")
        let m = doc.metadata
        #expect(m.first == XMPMetadataEntry(key: "mwg-rs:Regions/mwg-rs:RegionList[1]/mwg-rs:Area/stArea:y",
                                            namespace: "http://ns.adobe.com/xmp/sType/Area#", value: "0.43849998712539673"))
        #expect(m.map(\.key).contains("mwg-rs:Regions/mwg-rs:AppliedToDimensions/stDim:w"))
        // An empty parseType="Resource" element is an empty structure: no leaf.
        #expect(!m.map(\.key).contains { $0.hasSuffix("mwg-rs:Extensions") })
        #expect(m.count == 9)
    }

    static let realFiles = ["apple-jpeg-disparity-iphonex.jpg", "apple-heic-depth-gainmap-ios16.heic",
                            "imageio-heic-depth-minimal.heic", "imageio-jpeg-gainmap.jpg", "google-gdepth-lensblur.jpg"]

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg"), .realFile("apple-heic-depth-gainmap-ios16.heic"),
                    .realFile("imageio-heic-depth-minimal.heic"), .realFile("imageio-jpeg-gainmap.jpg"),
                    .realFile("google-gdepth-lensblur.jpg")),
          arguments: realFiles)
    func everyPacketOfARealFileParses(_ name: String) throws {
        let file = try TestData.realBytes(name)
        // The GDepth file's extended packet is split over APP1 segments; only its main
        // packet is whole in the file.
        let packets = name.hasPrefix("google") ? Array(XMPTestFile.xmpPackets(file).prefix(1)) : XMPTestFile.xmpPackets(file)
        #expect(!packets.isEmpty, "\(name)")
        for p in packets {
            let doc = try XMPDocument(parsing: p.bytes, at: p.offset, path: name)
            #expect(!doc.metadata.isEmpty, "\(name) at \(p.offset)")
        }
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func iOS16HEICDepthAndGainMap() throws {
        let file = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        let depthDoc = try #require(try packet(file, using: XMPNamespace.appleAux))
        let aux = try #require(AppleAuxDescription(depthDoc))
        #expect(aux.floatMinValue == 1.498047)
        #expect(aux.floatMaxValue == 4.382812)
        #expect(aux.nativeFormat == PixelFormat.hdis)
        #expect(DepthDataDescription(depthDoc)?.depthDataVersion == 65541)
        let gainDoc = try #require(try packet(file, using: XMPNamespace.hdrGainMap))
        let gain = try #require(HDRGainMapDescription(gainDoc))
        #expect(gain.hdrGainMapVersion == 65536)
        #expect(gain.hdrGainMapHeadroom == nil)
    }

    @Test(.requires(.realFile("imageio-heic-depth-minimal.heic")))
    func imageIOMinimalHEICHasNoCalibration() throws {
        let file = try TestData.realBytes("imageio-heic-depth-minimal.heic")
        let doc = try #require(try packet(file, using: XMPNamespace.appleAux))
        let aux = try #require(AppleAuxDescription(doc))
        #expect(aux.floatMinValue == 1.762695)
        #expect(aux.floatMaxValue == 5.894531)
        let depth = try #require(DepthDataDescription(doc))
        #expect(depth.depthDataVersion == nil)
        #expect(depth.intrinsicMatrix == nil)
        #expect(depth.accuracy == "relative")
        #expect(depth.portraitScore == 0)
        #expect(depth.portraitScoreIsHigh == false)
        #expect(depth.filtered == false)
        #expect(depth.quality == "low")
        #expect(depth.problems.isEmpty)
    }

    @Test(.requires(.realFile("imageio-jpeg-gainmap.jpg")))
    func imageIOGainMapJPEGIsAGainMap() throws {
        let file = try TestData.realBytes("imageio-jpeg-gainmap.jpg")
        let doc = try #require(try packet(file, using: XMPNamespace.appleAux))
        let aux = try #require(AppleAuxDescription(doc))
        #expect(aux.auxiliaryImageType == "urn:com:apple:photo:2020:aux:hdrgainmap")
        #expect(aux.nativeFormat == PixelFormat.L008)
        let gain = try #require(HDRGainMapDescription(doc))
        #expect(gain.hdrGainMapVersion == 131072)
        #expect(gain.hdrGainMapHeadroom == 4.663514)
        let c = AuxClassifier.classify(auxType: nil, apple: aux)
        #expect(c.kind == .hdrGainMap)
        #expect(c.semantic == nil)
    }

    /// Reassembles Extended XMP (Adobe XMP Specification Part 3 §1.1.3.1) crudely: every APP1
    /// whose payload starts with the extension signature, placed at its offset.
    func extendedPacket(_ file: [UInt8]) throws -> (guid: String, bytes: [UInt8])? {
        let sig = Array("http://ns.adobe.com/xmp/extension/\u{0}".utf8)
        var full: [UInt8] = []
        var guid = ""
        var chunks = 0
        var from = 0
        while let s = XMPTestFile.indexOf(sig, in: file, from: from) {
            from = s + sig.count
            guard s >= 4, file[s - 4] == 0xFF, file[s - 3] == 0xE1 else { continue }
            let segLength = Int(file[s - 2]) << 8 | Int(file[s - 1])
            let segEnd = s - 2 + segLength
            var p = s + sig.count
            guid = String(decoding: file[p..<(p + 32)], as: UTF8.self)
            p += 32
            func u32(_ i: Int) -> Int { file[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let fullLength = u32(p), chunkOffset = u32(p + 4)
            p += 8
            if full.isEmpty { full = [UInt8](repeating: 0, count: fullLength) }
            full.replaceSubrange(chunkOffset..<(chunkOffset + segEnd - p), with: file[p..<segEnd])
            chunks += 1
        }
        #expect(chunks == 8)
        return chunks == 0 ? nil : (guid, full)
    }

    @Test(.requires(.realFile("google-gdepth-lensblur.jpg")))
    func googleGDepthWithExtendedXMP() throws {
        let file = try TestData.realBytes("google-gdepth-lensblur.jpg")
        let main = try #require(XMPTestFile.xmpPackets(file).first)
        let mainDoc = try XMPDocument(parsing: main.bytes, at: main.offset, path: "APP1#1/XMP")
        #expect(mainDoc.extendedXMPGUID == "E0CC0C923EA0770C77E3E4EF99F538B3")
        let ext = try #require(try extendedPacket(file))
        #expect(ext.guid == "E0CC0C923EA0770C77E3E4EF99F538B3")
        #expect(ext.bytes.count == 521_029)
        let extDoc = try XMPDocument(parsing: ext.bytes, at: 0, path: "ExtendedXMP")
        let g = try #require(GDepthDescription(mainDoc, extended: extDoc))
        #expect(g.format == .rangeInverse)
        #expect(g.near == 12.423587799072266)
        #expect(g.far == 390.539306640625)
        #expect(g.mime == "image/png")
        #expect(g.problems.isEmpty)
        let png = try #require(g.data)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: length 13, "IHDR", width and height as u32 BE.
        #expect(Array(png[8..<16]) == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        #expect(Array(png[16..<24]) == [0, 0, 0x03, 0x00, 0, 0, 0x04, 0x00])
        #expect(AuxClassifier.classify(auxType: nil, gDepth: g).kind == .depth)
        // Without the extended packet the description has no Data.
        #expect(GDepthDescription(mainDoc)?.data == nil)
    }

    @Test(.requires(.realFile("apple-jpeg-disparity-iphonex.jpg"), .realFile("apple-heic-depth-gainmap-ios16.heic"),
                    .realFile("imageio-heic-depth-minimal.heic"), .realFile("imageio-jpeg-gainmap.jpg"),
                    .realFile("google-gdepth-lensblur.jpg")),
          arguments: realFiles)
    func everyPrefixOfARealPacketIsSafe(_ name: String) throws {
        let file = try TestData.realBytes(name)
        let packets = XMPTestFile.xmpPackets(file)
        let p = try #require(name.hasPrefix("google") ? packets.first : packets.last)
        for n in 0..<p.bytes.count {
            let slice = p.bytes.prefix(n)
            do {
                let doc = try XMPDocument(parsing: slice, at: p.offset, path: name)
                _ = (AppleAuxDescription(doc), DepthDataDescription(doc), GDepthDescription(doc))
            } catch {
                #expect(error.offset >= p.offset && error.offset <= p.offset + n)
            }
        }
    }
}
