import Foundation
import Testing
import TestSupport

/// The checkout fits a case-insensitive file system (macOS's and Windows's defaults): no two
/// tracked paths, nor any path and a folder on the way to another, differ only by case.
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
}
