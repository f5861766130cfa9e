/// Locates test data: the project's own `Corpus/` and the shared real-camera corpus
/// (`../shared/corpus/real/` beside the checkout), which tests use when it exists.
package enum TestData {
    /// The package root, found from this source file's path.
    package static let packageRoot: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // .../Sources/TestSupport/RealCorpus.swift -> drop three components
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    package static var corpus: String { packageRoot + "/Corpus" }
    /// The folder beside the checkout that holds what the repository does not: the real
    /// camera files, the conformance files, the SARIF schema. `DEPTHCHECK_SHARED` names
    /// another; `make test` runs the suite a second time with it naming a folder that does not
    /// exist, as a fresh clone with nothing beside it sees the world.
    package static var sharedName: String {
        FileBytes.environment("DEPTHCHECK_SHARED") ?? "../shared"
    }

    /// The shared folder's path: `sharedName` under the package root, or as given when absolute.
    package static var sharedRoot: String { rooted(sharedName) }

    /// `name` relative to the package root, unless it is absolute.
    package static func rooted(_ name: String) -> String {
        name.hasPrefix("/") ? name : packageRoot + "/" + name
    }

    /// `../shared/corpus/real` beside the checkout, or the directory `DEPTHCHECK_REAL_CORPUS`
    /// names (set it to a missing directory to see what the suite does without the corpus).
    package static var realCorpus: String { rooted(realCorpusName) }

    /// `realCorpus` as a skipped test names it: relative to the package root, or as given.
    package static var realCorpusName: String {
        FileBytes.environment("DEPTHCHECK_REAL_CORPUS") ?? sharedName + "/corpus/real"
    }

    /// The path of a real camera file, e.g. `apple-jpeg-disparity-iphonex.jpg`.
    package static func real(_ name: String) -> String { realCorpus + "/" + name }

    /// The names of the real files that are present and end in `suffix` (e.g. `.heic`), sorted.
    package static func realFiles(endingIn suffix: String) -> [String] {
        FileBytes.list(realCorpus).filter { $0.lowercased().hasSuffix(suffix) }
    }

    /// `../shared/corpus/conformance` beside the checkout: files from conformance suites and
    /// other readers' samples, read where they are.
    package static var conformanceCorpusName: String { sharedName + "/corpus/conformance" }

    /// The path of a conformance file, e.g. `nokia-C050-albc-group-properties.heic`.
    package static func conformance(_ name: String) -> String { rooted(conformanceCorpusName) + "/" + name }

    /// `../shared/corpus/field` beside the checkout: phone, camera and library files of
    /// families depthcheck once judged wrongly, read where they are.
    package static var fieldCorpusName: String { sharedName + "/corpus/field" }

    /// The path of a field file, e.g. `ultrahdr-pixel-original.jpg`.
    package static func field(_ name: String) -> String { rooted(fieldCorpusName) + "/" + name }

    /// `../shared/corpus/incoming` beside the checkout: field files of families depthcheck
    /// reads anew, one example each.
    package static var incomingCorpusName: String { sharedName + "/corpus/incoming" }

    /// The path of an incoming file, e.g. `pixel3-portrait-dynamic-depth.jpg`.
    package static func incoming(_ name: String) -> String { rooted(incomingCorpusName) + "/" + name }

    /// The OASIS SARIF 2.1.0 JSON schema the report tests validate against.
    package static var sarifSchema: String { rooted(sarifSchemaName) }

    /// `sarifSchema` as a skipped test names it.
    package static var sarifSchemaName: String { sharedName + "/schemas/sarif-schema-2.1.0.json" }
}
