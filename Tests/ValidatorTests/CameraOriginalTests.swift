import AuxData
import Container
import Testing
import TestSupport
import Validator

/// Camera and library files of forms other readers accept get no finding they do not deserve.
@Suite struct CameraOriginalTests {
    static func findings(_ name: String) throws -> [Finding] {
        Validation.check(bytes: try TestData.fieldBytes(name), path: name, options: CheckOptions()).findings
    }

    /// An iinf of version 2 (Exiv2's sample): its entries read as version 1's, so the primary
    /// and every item are found; the version is one warning, no cascade.
    @Test(.requires(.fieldFile("exiv2-heic-iinf-version2.heic")))
    func iinfVersion2IsOneWarning() throws {
        let f = try Self.findings("exiv2-heic-iinf-version2.heic")
        #expect(f.map(\.rule) == ["structure.heif.iinf-version-unknown"])
        #expect(f.first?.severity == .warning && f.first?.offset == 183 && f.first?.path == "meta/iinf")
        let file = try HEIF.File(parsing: try TestData.fieldBytes("exiv2-heic-iinf-version2.heic"))
        #expect(file.meta.itemInfo?.entryCount == UInt32(file.meta.itemInfo?.entries.count ?? -1))
        #expect(file.primaryItemID == 20004 && file.item(20004) != nil)
    }

    @Test func iinfVersion2BuiltIsTheSameWarning() throws {
        let bad = try #require(BadCorpus.all.first { $0.rule == "structure.heif.iinf-version-unknown" })
        let report = Validation.check(bytes: bad.make(), path: "v2.heic", options: CheckOptions())
        #expect(report.findings.map(\.rule) == ["structure.heif.iinf-version-unknown"])
        #expect(report.photo?.auxImages.count == 1)
    }

    /// libavif's extended pixi (flags 1): read whole, no malformed-file error.
    @Test(.requires(.fieldFile("libavif-extended-pixi.avif")))
    func extendedPixiPasses() throws {
        #expect(try Self.findings("libavif-extended-pixi.avif").isEmpty)
    }
}
