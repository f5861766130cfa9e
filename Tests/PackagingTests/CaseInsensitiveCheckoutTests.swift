import Foundation
import Testing
import TestSupport

/// The checkout fits a case-insensitive file system (macOS's and Windows's defaults): no two
/// tracked paths, nor any path and a folder on the way to another, differ only by case. And
/// what only Linux has (GNU ld's `:file` libraries, the link to Debian's libxml2 headers) is
/// asked for on Linux only: a Mac build takes libxml2 through pkg-config instead. No Mac builds
/// it here; this holds the manifest to that much.
@Suite struct CaseInsensitiveCheckoutTests {
    @Test(.requires(.tool("git")))
    func noTwoTrackedPathsDifferOnlyByCase() throws {
        let git = try #require(Tools.which("git"))
        let listed = try Tools.run(git, ["-C", TestData.packageRoot, "ls-files", "-z"])
        guard listed.status == 0 else {
            // A copy without its .git (an unpacked tarball) has nothing to list.
            Issue.record("git ls-files failed in \(TestData.packageRoot): \(listed.stderr)")
            return
        }
        var seen: [String: String] = [:]
        var clashes: [String] = []
        for path in listed.stdout.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) }) {
            // The file and every folder on its way.
            let parts = path.split(separator: "/")
            for n in 1...parts.count {
                let prefix = parts[0..<n].joined(separator: "/")
                let key = prefix.lowercased()
                if let other = seen[key], other != prefix { clashes.append("\(other) / \(prefix)") }
                seen[key] = seen[key] ?? prefix
            }
        }
        #expect(seen.count > 500)
        #expect(clashes.isEmpty, "\(Set(clashes).sorted())")
    }

    @Test func theManifestKeepsLinuxOnlyPiecesToLinux() throws {
        let manifest = try #require(FileBytes.text(TestData.packageRoot + "/Package.swift"))
        #expect(manifest.contains(#".target(name: "CLibXML2", condition: .when(platforms: [.linux]))"#))
        #expect(manifest.contains(#".target(name: "CLibXML2Darwin", condition: .when(platforms: [.macOS]))"#))
        #expect(manifest.contains(#".systemLibrary(name: "CLibXML2Darwin", path: "Sources/C/CLibXML2Darwin", pkgConfig: "libxml-2.0","#))
        // Every Swift file that imports libxml2 imports the Darwin module where CLibXML2 is missing.
        for root in ["/Sources", "/Tests"] {
            let dir = TestData.packageRoot + root
            for f in try #require(FileManager.default.enumerator(atPath: dir)).compactMap({ $0 as? String }) where f.hasSuffix(".swift") {
                let text = try #require(FileBytes.text(dir + "/" + f))
                guard text.contains("import CLibXML2\n") else { continue }
                #expect(text.contains("#if canImport(CLibXML2)\nimport CLibXML2\n#else\nimport CLibXML2Darwin\n#endif"), "\(f)")
            }
        }
    }
}
