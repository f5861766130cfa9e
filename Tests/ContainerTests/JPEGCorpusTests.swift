import Foundation
import Testing
@testable import Container
import TestSupport

/// The committed demo file must be exactly what the builder makes, so the two cannot drift.
/// `DEPTHCHECK_UPDATE_CORPUS=1 swift test --filter JPEGCorpusTests` rewrites it.
@Suite struct JPEGCorpusTests {
    static let demoPath = TestData.corpus + "/good/jpeg-disparity.jpg"

    @Test func demoDisparityFileMatchesTheBuilder() throws {
        let built = JPEGFixture.demoDisparity()
        if ProcessInfo.processInfo.environment["DEPTHCHECK_UPDATE_CORPUS"] == "1" {
            try FileManager.default.createDirectory(atPath: TestData.corpus + "/good", withIntermediateDirectories: true)
            try Data(built).write(to: URL(fileURLWithPath: Self.demoPath))
        }
        let committed = try #require(FileBytes.read(Self.demoPath), "missing \(Self.demoPath); run with DEPTHCHECK_UPDATE_CORPUS=1")
        #expect(committed == built)
        let file = try JPEG.File(parsing: committed)
        #expect(file.issues.isEmpty)
        #expect(file.images.count == 2)
    }

    @Test(.requires(.tool("djpeg")))
    func demoAuxDecodesWithLibjpeg() throws {
        // The secondary image is a real, decodable JPEG (djpeg from libjpeg-turbo).
        let djpeg = try #require(Tools.which("djpeg"))
        let bytes = JPEGFixture.demoDisparity()
        let file = try JPEG.File(parsing: bytes)
        for image in file.images {
            let start = try #require(image.start), end = try #require(image.end)
            let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("depthcheck-mp\(image.entry.number).jpg")
            try Data(bytes[start..<end]).write(to: tmp)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: djpeg)
            p.arguments = ["-pnm", "-outfile", "/dev/null", tmp.path]
            let err = Pipe()
            p.standardError = err
            try p.run()
            p.waitUntilExit()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(p.terminationStatus == 0 && message.isEmpty, "image \(image.entry.number): \(message)")
            try? FileManager.default.removeItem(at: tmp)
        }
    }
}
