import Foundation
import Testing
import TestSupport

/// The architecture as a test: data flows one way (Container → AuxData → Validator →
/// DepthCheckCore → DepthCheck → depthcheck), Foundation stays out of Container, AuxData,
/// Validator and DepthCheckCore (everything the command line links), and library code has no
/// trapping constructs that a hostile file could reach.
@Suite struct LayeringTests {
    static let order = ["Container", "AuxData", "Validator", "DepthCheckCore", "DepthCheck", "depthcheck"]

    /// The folder under Sources/ that holds `module`: its name, but for the command line's.
    static func folder(of module: String) -> String { module == "depthcheck" ? "depthcheck-cli" : module }

    static func sources(_ module: String) -> [(path: String, text: String)] {
        let dir = TestData.packageRoot + "/Sources/" + folder(of: module)
        guard let e = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [(String, String)] = []
        while let rel = e.nextObject() as? String {
            if rel.hasSuffix(".swift"), let t = FileBytes.text(dir + "/" + rel) { out.append((module + "/" + rel, t)) }
        }
        return out
    }

    /// The module every import declaration of `text` names, in order: `import X`, with any
    /// attributes before it (`@testable`, `@preconcurrency`, `@_exported`, `@_implementationOnly`,
    /// `@_spi(Name)`), any access level (`public`, `package`, `internal`, `fileprivate`,
    /// `private`), a declaration kind (`import struct X.Y`) and a submodule (`X.Sub` → `X`).
    static func imports(_ text: String) -> [String] {
        let attributesAndModifiers: (Substring) -> Bool = {
            $0.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains(String($0))
        }
        let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        return text.split(separator: "\n").compactMap { line in
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = code.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let i = words.firstIndex(of: "import"), words[..<i].allSatisfy(attributesAndModifiers) else { return nil }
            var rest = words[(i + 1)...]
            if let kind = rest.first, kinds.contains(String(kind)) { rest = rest.dropFirst() }
            guard let path = rest.first else { return nil }
            return String(path.split(separator: ".").first ?? path)
        }
    }

    /// Foundation under any of its module names (Foundation, FoundationEssentials,
    /// FoundationInternationalization, FoundationNetworking, FoundationXML, _FoundationCShims…).
    static func isFoundation(_ module: String) -> Bool {
        module.hasPrefix("Foundation") || module.hasPrefix("_Foundation")
    }

    @Test func everyImportFormIsRecognised() {
        let text = """
            import Alpha
            @testable import Beta
            @preconcurrency import Gamma
            package import Delta
            @_exported import Epsilon
            public import Zeta
            internal import Eta
            @_implementationOnly import Theta
            @_spi(Internal) @testable import Iota
            private import Kappa
            fileprivate import Lambda
            import struct Mu.Thing
            import Nu.Submodule
            \t@preconcurrency\tpublic import Xi // a comment
            // import Commented
            let important = "import Nothing"
            """
        #expect(Self.imports(text) == ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota",
                                       "Kappa", "Lambda", "Mu", "Nu", "Xi"])
        #expect(["Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationXML",
                 "_FoundationCShims"].allSatisfy(Self.isFoundation))
        #expect(!Self.isFoundation("Container"))
    }

    @Test(arguments: ["Container", "AuxData", "Validator", "DepthCheckCore", "DepthCheck"])
    func lowerModulesNeverImportHigherOnes(_ module: String) {
        let files = Self.sources(module)
        #expect(!files.isEmpty)
        let level = Self.order.firstIndex(of: module) ?? 0
        let higher = Set(Self.order[(level + 1)...])
        for (path, text) in files {
            for m in Self.imports(text) {
                #expect(!higher.contains(m), "\(path) imports \(m)")
                // Validator and DepthCheckCore too: the command line links them, and Foundation would be most of its binary.
                if ["Container", "AuxData", "Validator", "DepthCheckCore"].contains(module) { #expect(!Self.isFoundation(m), "\(path) imports \(m)") }
            }
        }
    }

    /// What a line of code holds that belongs to grading: the `FindingSeverity` type, a rule id string
    /// literal (`"structure.…"`, `"dictionary.…"`, …), or a severity case (`case error`,
    /// `case warning`, `case note`, alone or in a list). Comments are ignored.
    static func grading(in line: Substring) -> [String] {
        let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var found: [String] = []
        let words = code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        if words.contains("Severity") || words.contains("FindingSeverity") { found.append("Severity") }
        for area in ["structure", "dictionary", "geometry", "matte", "google", "pixels"] where code.contains("\"" + area + ".") {
            found.append("rule id")
        }
        if code.contains(#/\bcase\s+(?:\w+\s*,\s*)*(?:error|warning|note)\b(?!\s*\()/#) { found.append("severity case") }
        return found
    }

    @Test func gradingIsRecognised() {
        #expect(Self.grading(in: "public enum Severity: Int { case note, warning, error }") == ["Severity", "severity case"])
        #expect(Self.grading(in: "    let worst: FindingSeverity?") == ["Severity"])
        #expect(Self.grading(in: #"    let id = "structure.mpf.version""#) == ["rule id"])
        #expect(Self.grading(in: #"RuleInfo("matte.requires-depth", .error)"#) == ["rule id"])
        #expect(Self.grading(in: "    case warning") == ["severity case"])
        #expect(Self.grading(in: "    case info, note") == ["severity case"])
        #expect(Self.grading(in: "    case .failure(let error): return nil") == [])
        #expect(Self.grading(in: "    case error(ParseError)") == [])
        #expect(Self.grading(in: "    case truncated // a note about case note") == [])
        #expect(Self.grading(in: #"    path: "structure" + name"#) == [])
    }

    /// Grading belongs to Validator: Container reports what the bytes say (ParseError codes),
    /// never a severity or a rule id.
    @Test func containerHoldsNoSeverityOrRuleID() {
        let files = Self.sources("Container")
        #expect(!files.isEmpty)
        for (path, text) in files {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                #expect(Self.grading(in: line) == [], "\(path):\(n + 1): \(line)")
            }
        }
    }

    @Test(arguments: ["Container", "AuxData", "Validator", "DepthCheckCore", "DepthCheck"])
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

    /// The command line parses options, calls the library and prints: the compiler holds it to
    /// that, as its target depends on `DepthCheckCore` and swift-argument-parser alone, so no
    /// type of Container, AuxData or Validator can be named in it. What to refuse, how to decode,
    /// what a written photo must pass and which rule a refusal names are decided in the library,
    /// so an app and the command refuse alike.
    @Test func theCommandLineDependsOnTheLibraryAlone() throws {
        let manifest = try #require(FileBytes.text(TestData.packageRoot + "/Package.swift"))
        let start = try #require(manifest.range(of: #".executableTarget(name: "depthcheck", dependencies: ["#))
        let rest = manifest[start.upperBound...]
        let end = try #require(rest.range(of: "], path:"))
        let dependencies = rest[..<end.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(dependencies == [#""DepthCheckCore","#, #".product(name: "ArgumentParser", package: "swift-argument-parser"),"#])
        // The system's modules aside, what a file of it imports is the library and the parser.
        let allowed: Set<String> = ["DepthCheckCore", "ArgumentParser", "Dispatch", "Synchronization", "Glibc", "Darwin"]
        let files = Self.sources("depthcheck")
        #expect(!files.isEmpty)
        for (path, text) in files {
            for m in Self.imports(text) { #expect(allowed.contains(m), "\(path) imports \(m)") }
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                #expect(!Self.grading(in: line).contains("rule id"), "\(path):\(n + 1) names a rule: \(line)")
            }
        }
    }

    /// Apps reach depthcheck through its front door alone: the library products are
    /// `DepthCheck` and `DepthCheckCore` (the same without Foundation), and the modules below
    /// them are not products, so nothing outside this package can depend on them.
    @Test func onlyTheFrontDoorIsAProduct() throws {
        let manifest = try #require(FileBytes.text(TestData.packageRoot + "/Package.swift"))
        let start = try #require(manifest.range(of: "products: ["))
        let end = try #require(manifest[start.upperBound...].range(of: "\n    ],"))
        let products = manifest[start.upperBound..<end.lowerBound].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(".") }
        #expect(products == [
            #".library(name: "DepthCheckCore", targets: ["DepthCheckCore"]),"#,
            #".library(name: "DepthCheck", targets: ["DepthCheck"]),"#,
            #".executable(name: "depthcheck", targets: ["depthcheck"]),"#,
        ])
    }

    /// Container, AuxData and Validator declare for the package (`package`), so the compiler
    /// holds the public surface to what DepthCheckCore and DepthCheck declare. Public below
    /// them are only the types that surface names, each defined once where it is made (an
    /// aux image's kind, a semantic matte's type, the container, a rule's id, a finding's
    /// severity), and the parse error that inlinable size arithmetic throws.
    @Test(arguments: ["Container", "AuxData", "Validator"])
    func theModulesBelowTheLibraryArePackageLevel(_ module: String) {
        let allowed: [String: Set<String>] = [
            "Container": ["IO/ParseError.swift"],
            "AuxData": ["Model/AuxImageKind.swift", "Model/SemanticMatte.swift", "Model/ContainerFormat.swift"],
            "Validator": ["Model/RuleID.swift", "Model/FindingSeverity.swift"],
        ]
        var publicFiles: Set<String> = []
        for (path, text) in Self.sources(module) {
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
                if words.first == "public" { publicFiles.insert(String(path.dropFirst(module.count + 1))) }
            }
        }
        #expect(publicFiles == allowed[module, default: []], "public declarations in \(module)")
    }
}
