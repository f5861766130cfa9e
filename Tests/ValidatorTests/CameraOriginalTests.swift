import AuxData
import Container
import Testing
import TestSupport
import Validator

/// Camera and library files of forms other readers accept get no finding they do not deserve.
@Suite struct CameraOriginalTests {
    static func findings(_ name: String) throws -> [RuleFinding] {
        Validation.check(bytes: try TestData.fieldBytes(name), path: name, options: CheckOptions()).findings
    }

    /// An iinf of version 2 (Exiv2's sample): its entries read as version 1's, so the primary
    /// and every item are found; the version is one warning, no cascade.
    @Test(.requires(.fieldFile("exiv2-heic-iinf-version2.heic")))
    func iinfVersion2IsOneWarning() throws {
        let f = try Self.findings("exiv2-heic-iinf-version2.heic")
        #expect(f.map(\.rule) == [.structureHEIFIinfVersionUnknown])
        #expect(f.first?.severity == .warning && f.first?.offset == 183 && f.first?.path == "meta/iinf")
        let file = try HEIF.File(parsing: try TestData.fieldBytes("exiv2-heic-iinf-version2.heic"))
        #expect(file.meta.itemInfo?.entryCount == UInt32(file.meta.itemInfo?.entries.count ?? -1))
        #expect(file.primaryItemID == 20004 && file.item(20004) != nil)
    }

    @Test func iinfVersion2BuiltIsTheSameWarning() throws {
        let bad = try #require(BadCorpus.all.first { $0.rule == .structureHEIFIinfVersionUnknown })
        let report = Validation.check(bytes: bad.make(), path: "v2.heic", options: CheckOptions())
        #expect(report.findings.map(\.rule) == [.structureHEIFIinfVersionUnknown])
        #expect(report.photo?.auxImages.count == 1)
    }

    /// Canon's HIF thumbnail is coded 320×320 for an ispe of 320×214: a note, no error, even
    /// with its pixels decoded.
    @Test(.requires(.fieldFile("canon-hif-padded-coded-size.HIF")))
    func canonPaddedThumbnailIsANote() throws {
        let bytes = try TestData.fieldBytes("canon-hif-padded-coded-size.HIF")
        let f = Validation.check(bytes: bytes, path: "c.HIF", options: CheckOptions(pixels: true)).findings
        #expect(f.map(\.rule) == [.structureHEIFCodedSizePadded])
        #expect(f.first?.severity == .note && f.first?.offset == 308)
        #expect(f.first?.message == "item 512: SPS codes 320×320, padded past its ispe 320×214; libheif 1.15 and depthcheck crop it to ispe, libheif 1.23 refuses to decode it")
    }

    /// A depth item coded 16×12 under an ispe of 8×6 decodes to its top left 8×6 samples.
    @Test func paddedItemDecodesCroppedToIspe() throws {
        let padded = try #require(BadCorpus.all.first { $0.rule == .structureHEIFCodedSizePadded }).make()
        // The same file with the ispe the SPS codes.
        let small = Array("ispe".utf8) + [0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 6]
        let at = try #require(padded.indices.first { padded[$0...].starts(with: small) })
        var whole = padded
        whole.replaceSubrange(at..<(at + small.count), with: Array("ispe".utf8) + [0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 12])
        let p = try PhotoReader.read(padded), w = try PhotoReader.read(whole)
        let cropped = try AuxDecoder(photo: p, bytes: padded).storedImage(try #require(p.auxImages.first))
        let full = try AuxDecoder(photo: w, bytes: whole).storedImage(try #require(w.auxImages.first))
        #expect(cropped.width == 8 && cropped.height == 6 && full.width == 16 && full.height == 12)
        for y in 0..<6 { for x in 0..<8 { #expect(cropped.sample(x: x, y: y) == full.sample(x: x, y: y)) } }
        let r = Validation.check(bytes: padded, path: "p.heic", options: CheckOptions(pixels: true))
        #expect(r.findings.map(\.rule) == [.structureHEIFCodedSizePadded])
    }

    /// A coded picture smaller than ispe stays an error.
    @Test func codedSmallerThanIspeIsStillAnError() throws {
        let bad = try #require(BadCorpus.all.first { $0.rule == .structureHEIFCodedSizeMismatch }).make()
        let f = Validation.check(bytes: bad, path: "s.heic", options: CheckOptions()).findings
        #expect(f.filter { $0.rule == .structureHEIFCodedSizeMismatch }.map(\.severity) == [.error])
        #expect(!f.contains { $0.rule.rawValue == "structure.heif.coded-size-padded" })
    }

    /// libavif's extended pixi (flags 1): read whole, no malformed-file error.
    @Test(.requires(.fieldFile("libavif-extended-pixi.avif")))
    func extendedPixiPasses() throws {
        #expect(try Self.findings("libavif-extended-pixi.avif").isEmpty)
    }
}
