import Foundation
import Testing
import TestSupport
import Validator

/// `Corpus/bad/` is made by the builders in TestSupport/BadCorpus, and the differential run's
/// AVIF and grid seeds (`Fuzz/seeds/heif`) by the fixtures they stand for. With
/// `DEPTHCHECK_UPDATE_CORPUS=1` this test writes the files; otherwise it checks that every
/// committed file equals its builder's output, byte for byte.
@Suite struct BadCorpusGenerationTests {
    @Test func committedBadFilesMatchTheirBuilders() throws {
        let update = ProcessInfo.processInfo.environment["DEPTHCHECK_UPDATE_CORPUS"] == "1"
        var names = Set<String>()
        for c in BadCorpus.all {
            #expect(names.insert(c.rule.rawValue + "/" + c.name).inserted, "duplicate case \(c.rule)/\(c.name)")
            let bytes = c.make()
            if update {
                try FileManager.default.createDirectory(atPath: (c.path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: c.path))
            } else {
                let committed = FileBytes.read(c.path)
                #expect(committed == bytes, "\(c.rule)/\(c.name) differs from its builder; regenerate with DEPTHCHECK_UPDATE_CORPUS=1")
            }
        }
    }

    /// The seeds `make differential-smoke` mutates beside Corpus/good's HEIC files: heif-enc's
    /// AVIF (AV1 items, av1C, pixi) and the disparity map as a grid (a grid descriptor).
    static let differentialSeeds: [(String, [UInt8])] = [
        ("heif-enc-alpha.avif", AVIFFixture.heifEncAlpha),
        ("grid-disparity.heic", HEIFFixture.gridDisparity()),
    ]

    @Test func committedSeedsMatchTheirFixtures() throws {
        let update = ProcessInfo.processInfo.environment["DEPTHCHECK_UPDATE_CORPUS"] == "1"
        for (name, bytes) in Self.differentialSeeds {
            let path = TestData.packageRoot + "/Fuzz/seeds/heif/" + name
            if update {
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            } else {
                #expect(FileBytes.read(path) == bytes, "\(name) differs from its fixture; regenerate with DEPTHCHECK_UPDATE_CORPUS=1")
            }
        }
    }
}
