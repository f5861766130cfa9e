import Foundation
import Testing
import TestSupport

/// The architecture as a test: data flows one way (Container → AuxData → Validator →
/// depthcheck), Foundation stays out of the two lower modules, and library code has no
/// trapping constructs that a hostile file could reach.
@Suite struct LayeringTests {
    static let order = ["Container", "AuxData", "Validator", "depthcheck"]

    static func sources(_ module: String) -> [(path: String, text: String)] {
        let dir = TestData.packageRoot + "/Sources/" + module
        guard let e = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [(String, String)] = []
        while let rel = e.nextObject() as? String {
            if rel.hasSuffix(".swift"), let t = try? String(contentsOfFile: dir + "/" + rel, encoding: .utf8) { out.append((module + "/" + rel, t)) }
        }
        return out
    }

    static func imports(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let i = words.firstIndex(of: "import"), i + 1 < words.count else { return nil }
            guard words[..<i].allSatisfy({ ["@testable", "internal", "public", "private", "@_implementationOnly"].contains(String($0)) }) else { return nil }
            return String(words[i + 1])
        }
    }

    @Test(arguments: ["Container", "AuxData", "Validator"])
    func lowerModulesNeverImportHigherOnes(_ module: String) {
        let files = Self.sources(module)
        #expect(!files.isEmpty)
        let level = Self.order.firstIndex(of: module) ?? 0
        let higher = Set(Self.order[(level + 1)...])
        for (path, text) in files {
            for m in Self.imports(text) {
                #expect(!higher.contains(m), "\(path) imports \(m)")
                if module != "Validator" { #expect(!m.hasPrefix("Foundation"), "\(path) imports \(m)") }
            }
        }
    }

    @Test(arguments: ["Container", "AuxData", "Validator"])
    func libraryCodeHasNoTrappingConstructs(_ module: String) {
        let patterns = ["try!", "fatalError(", "as! ", "precondition(", "preconditionFailure(", ".first!", "]!", ")!"]
        for (path, text) in Self.sources(module) {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for p in patterns where code.contains(p) && !code.contains("!=") {
                    Issue.record("\(path):\(n + 1) uses \(p)")
                }
            }
        }
    }
}
