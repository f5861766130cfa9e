/// Locates test data: the project's own `Corpus/` and the shared real-camera corpus
/// (`../shared/corpus/real/` beside the checkout), which tests use when it exists.
public enum TestData {
    /// The package root, found from this source file's path.
    public static let packageRoot: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // .../Sources/TestSupport/RealCorpus.swift -> drop three components
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    public static var corpus: String { packageRoot + "/Corpus" }
    public static var realCorpus: String { packageRoot + "/../shared/corpus/real" }

    /// The path of a real camera file, e.g. `apple-jpeg-disparity-iphonex.jpg`.
    public static func real(_ name: String) -> String { realCorpus + "/" + name }
}
