import DepthCheck
import Container
import AuxData
@testable import DepthCheckCore
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The library's file reader: what it reads, and what it refuses without waiting.
@Suite struct PhotoFileTests {
    @Test func wholeIsEveryByte() throws {
        let path = TestData.corpus + "/good/heif-disparity.heic"
        let bytes = try PhotoFile.read(path)
        #expect(bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        // A check's read has the file's size and the same aux images.
        let partial = try PhotoFile.read(path, .structure)
        #expect(partial.count == bytes.count)
        #expect(try DepthPhoto(bytes: partial).auxImages == DepthPhoto(bytes: bytes).auxImages)
    }

    /// A check's partial read parses the structure within the check's own limits, so the check
    /// takes that structure as it is and never parses the file a second time.
    @Test(arguments: [ParseLimits.default, { var l = ParseLimits(); l.maxItems = 3; return l }()])
    func thePartialReadParsesWithinTheRequestsLimits(_ limits: ParseLimits) throws {
        let path = TestData.corpus + "/good/heif-disparity.heic"
        let read = try PhotoFile.withContents(of: path, .structure, limits: limits, reusing: ReadBuffer()) { _, read in read }
        #expect(read?.limits == limits)
    }

    @Test func whatIsNoRegularFileIsRefused() throws {
        #expect(throws: DepthCheckError.unreadable(message: "cannot open /nonexistent/x.jpg: No such file or directory", offset: nil, path: "")) {
            try PhotoFile.read("/nonexistent/x.jpg")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("photofile-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: DepthCheckError.unreadable(message: "\(dir.path) is a directory, not a regular file", offset: nil, path: "")) {
            try PhotoFile.read(dir.path)
        }
        // A FIFO with no writer: refused at once, never waited on.
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: DepthCheckError.unreadable(message: "\(fifo) is a FIFO (named pipe), not a regular file", offset: nil, path: "")) {
            try PhotoFile.read(fifo)
        }
    }
}
