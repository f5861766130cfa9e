import Foundation
import Testing
import TestSupport

/// `make corpus` (Scripts/fetch_corpus.py): every file of the manifest is downloaded, checked
/// by size and SHA-256 and put in place whole, here from a local folder standing in for the
/// network (CORPUS_BASE_URL); a tampered or truncated download leaves nothing, a file already
/// there is kept, and one with other bytes is never replaced. The manifest lists exactly the
/// files of ../shared, with their hashes.
@Suite struct CorpusDownloadTests {
    static let script = TestData.packageRoot + "/Scripts/fetch_corpus.py"
    static let files = ["Corpus/good/jpeg-disparity.jpg", "Corpus/good/heif-disparity.heic"]

    /// A manifest of two of the repository's own photos, served from `mirror` as
    /// https://example.org/photos/<name> would be.
    static func setUp(_ s: Scratch) throws -> (manifest: String, mirror: String) {
        var lines = ["# destination\tsha256\tbytes\turl"]
        try FileManager.default.createDirectory(atPath: s.path("mirror/example.org/photos"), withIntermediateDirectories: true)
        for f in files {
            let bytes = try #require(FileBytes.read(TestData.packageRoot + "/" + f))
            let name = (f as NSString).lastPathComponent
            #expect(FileBytes.write(bytes, to: s.path("mirror/example.org/photos/\(name)")))
            lines.append("corpus/real/\(name)\t\(try sha256(bytes))\t\(bytes.count)\thttps://example.org/photos/\(name)")
        }
        return (try s.write(lines.joined(separator: "\n") + "\n", to: "sources.tsv"), s.path("mirror/"))
    }

    static func sha256(_ bytes: [UInt8]) throws -> String {
        let r = try Tools.run("/usr/bin/sha256sum", [], input: bytes)
        return String(r.text.prefix(64))
    }

    static func fetch(_ manifest: String, _ dest: String, _ mirror: String) throws -> Tools.Result {
        var env = ProcessInfo.processInfo.environment
        env["CORPUS_BASE_URL"] = "file://" + mirror
        return try Tools.run("/usr/bin/python3", [script, "--manifest", manifest, "--dest", dest], environment: env)
    }

    @Test(.requires(.tool("python3"), .tool("sha256sum")))
    func filesAreFetchedCheckedAndKept() throws {
        let s = try Scratch("corpus-fetch")
        defer { s.remove() }
        let (manifest, mirror) = try Self.setUp(s)
        let dest = s.path("shared")
        let first = try Self.fetch(manifest, dest, mirror)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.text == "fetched corpus/real/jpeg-disparity.jpg (\(Scratch.bytes(TestData.packageRoot + "/" + Self.files[0])?.count ?? 0) bytes)\n"
            + "fetched corpus/real/heif-disparity.heic (\(Scratch.bytes(TestData.packageRoot + "/" + Self.files[1])?.count ?? 0) bytes)\n"
            + "2 files in \(dest): 2 fetched, 0 already there, 0 failed\n", "\(first.text)")
        for f in Self.files {
            let name = (f as NSString).lastPathComponent
            #expect(Scratch.bytes(dest + "/corpus/real/" + name) == Scratch.bytes(TestData.packageRoot + "/" + f))
        }
        let again = try Self.fetch(manifest, dest, mirror)
        #expect(again.status == 0 && again.text == "2 files in \(dest): 0 fetched, 2 already there, 0 failed\n", "\(again.text)")
    }

    @Test(.requires(.tool("python3"), .tool("sha256sum")))
    func aTamperedOrShortDownloadLeavesNothing() throws {
        let s = try Scratch("corpus-tampered")
        defer { s.remove() }
        let (manifest, mirror) = try Self.setUp(s)
        let served = mirror + "example.org/photos/jpeg-disparity.jpg"
        var bytes = try #require(Scratch.bytes(served))
        bytes[100] ^= 0xFF
        #expect(FileBytes.write(bytes, to: served))
        #expect(FileBytes.write(Array(bytes.prefix(1000)), to: mirror + "example.org/photos/heif-disparity.heic"))
        let dest = s.path("shared")
        let r = try Self.fetch(manifest, dest, mirror)
        #expect(r.status == 1)
        #expect(r.text == "2 files in \(dest): 0 fetched, 0 already there, 2 failed\n", "\(r.text)")
        let sha = try Self.sha256(bytes)
        #expect(r.stderr.contains("fetch_corpus: corpus/real/jpeg-disparity.jpg: file://\(served): sha256 \(sha), not the "), "\(r.stderr)")
        #expect(r.stderr.contains("heif-disparity.heic: 1000 bytes, not the "), "\(r.stderr)")
        // Nothing but the empty folder: no partial file, no temporary one.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dest + "/corpus/real").isEmpty)
    }

    @Test(.requires(.tool("python3"), .tool("sha256sum")))
    func aFileWithOtherBytesIsNeverReplaced() throws {
        let s = try Scratch("corpus-other")
        defer { s.remove() }
        let (manifest, mirror) = try Self.setUp(s)
        let dest = s.path("shared")
        try FileManager.default.createDirectory(atPath: dest + "/corpus/real", withIntermediateDirectories: true)
        let mine = try s.write("my own file", to: "shared/corpus/real/jpeg-disparity.jpg")
        let r = try Self.fetch(manifest, dest, mirror)
        #expect(r.status == 1)
        #expect(r.stderr == "fetch_corpus: corpus/real/jpeg-disparity.jpg: exists with other bytes; not replaced (remove it to download it again)\n")
        #expect(Scratch.bytes(mine) == Array("my own file".utf8))
        #expect(r.text.hasSuffix("2 files in \(dest): 1 fetched, 0 already there, 1 failed\n"), "\(r.text)")
    }

    /// The repository's manifest names every file of ../shared's corpus folders and its schema,
    /// each with the size and SHA-256 it has there, from a commit of a public repository.
    @Test(.requires(.realCorpus, .tool("sha256sum")))
    func theManifestListsEverySharedFileWithItsHash() throws {
        let text = try String(contentsOfFile: TestData.packageRoot + "/Corpus/sources.tsv", encoding: .utf8)
        let shared = TestData.sharedRoot
        var listed: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(f.count == 4, "\(line)")
            listed.append(f[0])
            let bytes = try #require(FileBytes.read(shared + "/" + f[0]), "\(f[0])")
            let sha = try Self.sha256(bytes)
            #expect(bytes.count == Int(f[2]) && sha == f[1], "\(f[0])")
            #expect(f[3].range(of: #"^https://raw\.githubusercontent\.com/[^/]+/[^/]+/[0-9a-f]{40}/"#, options: .regularExpression) != nil, "\(f[3])")
        }
        var present: [String] = []
        for folder in ["corpus/real", "corpus/field", "corpus/conformance", "corpus/incoming", "schemas"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: shared + "/" + folder) where name != "README.md" {
                present.append(folder + "/" + name)
            }
        }
        #expect(listed == present.sorted())
    }
}
