import Foundation
import Testing
import TestSupport

/// The command line builds on Linux and macOS only if no file but Platform.swift imports
/// the C library and nothing calls it through a module name (`Glibc.exit` does not exist on
/// macOS). Output must also go through StandardOutput, whose writes are checked: `print`
/// would drop a write error silently.
@Suite struct PlatformIsolationTests {
    static let folder = TestData.packageRoot + "/Sources/depthcheck-cli"

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

    /// Below the command line, the C library is imported as `Glibc` on Linux and `Darwin` on
    /// Apple's systems, never `Glibc` alone, which a Mac does not have.
    @Test func everyImportOfGlibcHasItsDarwinAlternative() throws {
        let root = TestData.packageRoot + "/Sources"
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 300)
        for f in files {
            let lines = try String(contentsOfFile: root + "/" + f, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (n, line) in lines.enumerated() where line == "import Glibc" {
                let guarded = n > 0 && lines[n - 1] == "#if canImport(Glibc)" && n + 2 < lines.count
                    && lines[n + 1] == "#elseif canImport(Darwin)" && lines[n + 2] == "import Darwin"
                // ZeroedBytes needs nothing of the C library off Linux.
                let linuxOnly = n > 0 && lines[n - 1] == "#if canImport(Glibc)" && n + 1 < lines.count && lines[n + 1] == "#endif"
                #expect(guarded || linuxOnly, "\(f):\(n + 1) imports Glibc without a Darwin alternative")
            }
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
