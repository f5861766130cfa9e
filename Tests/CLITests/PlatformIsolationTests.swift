import Foundation
import Testing
import TestSupport

/// The command line builds on Linux and macOS only if no file but Platform.swift imports
/// the C library and nothing calls it through a module name (`Glibc.exit` does not exist on
/// macOS). Output must also go through StandardOutput, whose writes are checked: `print`
/// would drop a write error silently.
@Suite struct PlatformIsolationTests {
    static let folder = TestData.packageRoot + "/Sources/depthcheck"

    static func sources() throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8))
        }
    }

    @Test func onlyPlatformImportsTheCLibrary() throws {
        for (name, text) in try Self.sources() where name != "Platform.swift" {
            #expect(!text.contains("import Glibc") && !text.contains("import Darwin"), "\(name)")
        }
    }

    @Test func nothingIsCalledThroughAPlatformModuleName() throws {
        for (name, text) in try Self.sources() {
            #expect(!text.contains("Glibc.") && !text.contains("Darwin."), "\(name)")
        }
    }

    @Test func nothingPrintsAroundTheCheckedWriter() throws {
        for (name, text) in try Self.sources() {
            #expect(!text.contains("print("), "\(name)")
        }
    }
}
