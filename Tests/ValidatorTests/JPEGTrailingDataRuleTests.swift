import Testing
import TestSupport
import Container
@testable import Validator

/// structure.jpeg.trailing-data: bytes after the last image, unless they are the payloads a
/// Dynamic Depth directory lists.
@Suite struct JPEGTrailingDataRuleTests {
    static func badCase(_ name: String) throws -> [UInt8] {
        try #require(BadCorpus.all.first { $0.name == name }).make()
    }

    @Test func fileThatEndsWithItsLastImagePasses() throws {
        #expect(try outcome(of: JPEGTrailingData(), JPEGFixture.demoDisparity()) == .passed)
        #expect(try outcome(of: JPEGTrailingData(), JPEGFixture.image([])) == .passed)
    }

    @Test func zerosAfterTheLastImageArePaddingANote() throws {
        // iPhone 7 Plus files end with up to ~1 MB of zeros after the last EOI.
        let zeros = [UInt8](repeating: 0, count: 4096)
        let bytes = JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1)],
                                             secondaries: [JPEGFixture.disparityAux()], trailing: zeros)
        #expect(try outcome(of: JPEGTrailingData(), bytes) == .failed([
            RuleFinding(rule: .structureJPEGTrailingData, severity: .note, offset: bytes.count - 4096, path: "",
                    message: "4096 zero bytes after the last image (padding)"),
        ]))
    }

    @Test func bytesAfterASingleImageAreTrailingData() throws {
        let image = JPEGFixture.image([])
        let bytes = image + [UInt8](repeating: 0, count: 999) + [1]
        #expect(try outcome(of: JPEGTrailingData(), bytes) == .failed([
            RuleFinding(rule: .structureJPEGTrailingData, severity: .warning, offset: image.count, path: "",
                    message: "1000 bytes after the last image"),
        ]))
    }

    @Test func anImageAfterTheLastIndexedOneIsNamed() throws {
        let appended = JPEGFixture.image([])
        let bytes = JPEGFixture.demoDisparity() + appended
        #expect(try outcome(of: JPEGTrailingData(), bytes) == .failed([
            RuleFinding(rule: .structureJPEGTrailingData, severity: .warning, offset: bytes.count - appended.count, path: "",
                    message: "\(appended.count) bytes after the last image begin with SOI (FF D8): an unindexed image follows"),
        ]))
    }

    @Test func strictGradingLeavesPaddingANote() throws {
        let bytes = JPEGFixture.demoDisparity() + [UInt8](repeating: 0, count: 8)
        let report = Validation.check(bytes: bytes, path: "f", options: CheckOptions(strictness: .strict))
        #expect(report.findings.map(\.severity) == [.note])
    }

    @Test func dynamicDepthPayloadsAreNotTrailingData() throws {
        // The directory lists two 16×12 gray JPEGs, and exactly those follow the primary.
        let bytes = try Self.badCase("dynamic-depth-range-linear.jpg")
        #expect(try outcome(of: JPEGTrailingData(), bytes) == .passed)
    }

    @Test func bytesBeyondTheDynamicDepthPayloadsAreTrailingData() throws {
        let bytes = try Self.badCase("dynamic-depth-range-linear.jpg") + [0, 0, 0]
        let payloads = 2 * (JPEGFixture.soi + JPEGFixture.gray16x12Body).count
        #expect(try outcome(of: JPEGTrailingData(), bytes) == .failed([
            RuleFinding(rule: .structureJPEGTrailingData, severity: .warning, offset: bytes.count - payloads - 3, path: "",
                    message: "\(payloads + 3) bytes after the last image begin with SOI (FF D8): an unindexed image follows"),
        ]))
    }
}
