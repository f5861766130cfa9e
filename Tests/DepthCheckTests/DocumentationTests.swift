import Foundation
import Testing
import TestSupport

/// Every public symbol of DepthCheck (and of DepthCheckCore, which it re-exports) carries a doc
/// comment: the DocC site is its reference.
@Suite struct DocumentationTests {
    @Test func everyPublicDeclarationHasADocComment() throws {
        var files: [String] = []
        for module in ["DepthCheck", "DepthCheckCore"] {
            let dir = TestData.packageRoot + "/Sources/" + module
            files += try #require(FileManager.default.enumerator(atPath: dir)).compactMap { $0 as? String }
                .filter { $0.hasSuffix(".swift") }.map { dir + "/" + $0 }
        }
        #expect(files.count > 10)
        var checked = 0
        for rel in files {
            let lines = try #require(FileBytes.text(rel)).split(separator: "\n", omittingEmptySubsequences: false)
            for (n, line) in lines.enumerated() {
                let code = line.drop { $0 == " " }
                guard code.hasPrefix("public ") else { continue }
                checked += 1
                // The lines above, past attributes, end a /// comment.
                var k = n - 1
                while k >= 0, lines[k].drop(while: { $0 == " " }).hasPrefix("@") { k -= 1 }
                let above = k >= 0 ? lines[k].drop { $0 == " " } : ""
                #expect(above.hasPrefix("///"), "\(rel):\(n + 1): \(code)")
            }
        }
        #expect(checked > 50)
    }
}
