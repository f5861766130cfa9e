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

    /// Every function of the product is at most 80 lines, its declaration to its closing brace:
    /// a longer one is split into named steps, as `HEIF.RemovalPlan` is.
    @Test(arguments: ["Container", "AuxData", "Validator", "DepthCheckCore", "DepthCheck", "depthcheck"])
    func noFunctionRunsPast80Lines(_ module: String) {
        let declaration = #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|static|mutating|override|nonisolated|convenience)\s+)*(?:func\s+\w|init[?(<])/#
        for (path, text) in Self.sources(module) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where line.firstMatch(of: declaration) != nil {
                var depth = 0, started = false, end = i
                scan: for j in i..<lines.count {
                    // Braces in comments and string literals do not count.
                    let code = (lines[j].split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                        .replacing(#/"(?:\\.|[^"\\])*"/#, with: "")
                    for c in code {
                        if c == "{" { depth += 1; started = true } else if c == "}" { depth -= 1 }
                    }
                    end = j
                    if started && depth <= 0 { break scan }
                    // A declaration without a body (a protocol requirement) ends at its line.
                    if !started && j > i + 3 { end = i; break scan }
                }
                #expect(end - i + 1 <= 80, "\(path):\(i + 1) runs \(end - i + 1) lines: \(line.trimmingCharacters(in: .whitespaces))")
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

    @Test(arguments: [
        ("public enum Severity: Int { case note, warning, error }", ["Severity", "severity case"]),
        ("    let worst: FindingSeverity?", ["Severity"]),
        (#"    let id = "structure.mpf.version""#, ["rule id"]),
        (#"RuleInfo("matte.requires-depth", .error)"#, ["rule id"]),
        ("    case warning", ["severity case"]),
        ("    case info, note", ["severity case"]),
        ("    case .failure(let error): return nil", []),
        ("    case error(ParseError)", []),
        ("    case truncated // a note about case note", []),
        (#"    path: "structure" + name"#, []),
    ] as [(String, [String])])
    func gradingIsRecognised(_ line: String, _ found: [String]) {
        #expect(Self.grading(in: line[...]) == found)
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

    /// The manifest as SwiftPM evaluates it (`swift package dump-package`), read in a scratch
    /// folder of its own, so it never waits for the build that runs these tests.
    struct Manifest {
        struct Target {
            let name: String, type: String, path: String, dependencies: [String], upcomingFeatures: [String]
            /// The C shims and system libraries live under `Sources/C/`; every other target is Swift.
            var isSwift: Bool { !path.hasPrefix("Sources/C/") }
        }
        let products: [String: [String]]
        let targets: [Target]

        static func load() throws -> Manifest {
            let swift = try #require(Tools.which("swift"), "swift on PATH")
            let scratch = NSTemporaryDirectory() + "depthcheck-manifest-\(getpid())"
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            let run = try Tools.run(swift, ["package", "--scratch-path", scratch, "dump-package"], directory: TestData.packageRoot)
            try #require(run.status == 0, "swift package dump-package: \(run.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
            let products = (json["products"] as? [[String: Any]] ?? []).reduce(into: [String: [String]]()) {
                $0[$1["name"] as? String ?? ""] = $1["targets"] as? [String] ?? []
            }
            let targets = (json["targets"] as? [[String: Any]] ?? []).map { t in
                let name = t["name"] as? String ?? ""
                let type = t["type"] as? String ?? ""
                // Each dependency is {"byName"|"target"|"product": [name, …]}: its first value names it.
                let dependencies = (t["dependencies"] as? [[String: [Any]]] ?? []).compactMap { $0.values.first?.first as? String }
                let features = (t["settings"] as? [[String: Any]] ?? []).compactMap {
                    (($0["kind"] as? [String: Any])?["enableUpcomingFeature"] as? [String: Any])?["_0"] as? String
                }
                let path = t["path"] as? String ?? (type == "test" ? "Tests/" : "Sources/") + name
                return Target(name: name, type: type, path: path, dependencies: dependencies, upcomingFeatures: features)
            }
            return Manifest(products: products, targets: targets)
        }
    }

    /// The modules of the toolchain and the system, which no target declares.
    static let systemModules: Set<String> = ["Glibc", "Darwin", "Dispatch", "CDispatch", "Synchronization", "Testing"]

    /// The modules `text` imports at the top level: an import inside a string (a Python script
    /// the tests run) is indented and not one.
    static func topLevelImports(_ text: String) -> [String] {
        imports(text.split(separator: "\n").filter { !($0.first?.isWhitespace ?? true) }.joined(separator: "\n"))
    }

    /// Every Swift target imports only what it declares: the compiler's own check
    /// (`--explicit-target-dependency-import-check`) needs explicit module builds, which the
    /// native build system does not make, so a test target could otherwise import any module
    /// built beside it. The command line parses options, calls the library and prints: it
    /// declares `DepthCheckCore` and swift-argument-parser alone, so it names no type of
    /// Container, AuxData or Validator, and an app and the command refuse alike.
    @Test func everyTargetImportsOnlyWhatItDeclares() throws {
        let manifest = try Manifest.load()
        let cli = try #require(manifest.targets.first { $0.name == "depthcheck" })
        #expect(cli.dependencies == ["DepthCheckCore", "ArgumentParser"])
        let front = try #require(manifest.targets.first { $0.name == "DepthCheck" })
        #expect(front.dependencies == ["DepthCheckCore"])
        let swiftTargets = manifest.targets.filter(\.isSwift)
        #expect(swiftTargets.count == 15)
        for target in swiftTargets {
            let dir = TestData.packageRoot + "/" + target.path
            let files = (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "\(target.name) has no Swift files at \(target.path)")
            let allowed = Set(target.dependencies).union(Self.systemModules).union([target.name])
            for file in files {
                let text = try #require(FileBytes.text(dir + "/" + file))
                for m in Self.topLevelImports(text) where !allowed.contains(m) && !Self.isFoundation(m) {
                    Issue.record("\(target.path)/\(file) imports \(m), which \(target.name) does not declare")
                }
            }
        }
    }

    /// Every Swift target builds with `MemberImportVisibility` (a file uses only the members of
    /// modules it imports) and `ExistentialAny`.
    @Test func everySwiftTargetIsStrict() throws {
        let manifest = try Manifest.load()
        #expect(manifest.targets.filter(\.isSwift).count == 15)
        for target in manifest.targets where target.isSwift {
            #expect(Set(target.upcomingFeatures) == ["MemberImportVisibility", "ExistentialAny"], "\(target.name)")
        }
    }

    /// Apps reach depthcheck through its front door alone: the library products are
    /// `DepthCheck` and `DepthCheckCore` (the same without Foundation), and the modules below
    /// them are not products, so nothing outside this package can depend on them.
    @Test func onlyTheFrontDoorIsAProduct() throws {
        let manifest = try Manifest.load()
        #expect(manifest.products == ["DepthCheckCore": ["DepthCheckCore"], "DepthCheck": ["DepthCheck"], "depthcheck": ["depthcheck"]])
    }

    /// The command line names no rule: which rule a refusal names is decided in the library.
    @Test func theCommandLineNamesNoRule() {
        let files = Self.sources("depthcheck")
        #expect(!files.isEmpty)
        for (path, text) in files {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                #expect(!Self.grading(in: line).contains("rule id"), "\(path):\(n + 1) names a rule: \(line)")
            }
        }
    }

    /// Container, AuxData and Validator declare for the package (`package`), so the compiler
    /// holds the public surface to what DepthCheckCore and DepthCheck declare. Public below
    /// them are only the types that surface names, each defined once where it is made (an
    /// aux image's kind, a semantic matte's type, the container, a codec, a pixel format and
    /// the four-character code they are written in, a rule's id, a finding's severity), and
    /// the parse error that inlinable size arithmetic throws.
    @Test(arguments: ["Container", "AuxData", "Validator"])
    func theModulesBelowTheLibraryArePackageLevel(_ module: String) {
        let allowed: [String: Set<String>] = [
            "Container": ["IO/ParseError.swift", "IO/FourCC.swift"],
            "AuxData": ["Model/AuxImageKind.swift", "Model/SemanticMatte.swift", "Model/ContainerFormat.swift",
                        "Model/Codec.swift", "Model/PixelFormat.swift"],
            "Validator": ["Model/RuleID.swift", "Model/FindingSeverity.swift", "Model/FileVerdict.swift", "Model/AuxRequirement.swift"],
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
