import Foundation
import Testing
import TestSupport

/// Every command that walks folders compares `--output` and standard output with every file it
/// reads, by device and inode, before it writes a byte: folder-mode `compare` and `list` refuse
/// (exit 2, nothing written) to write onto a photo they walk, by any name. An exports folder
/// inside the originals is left out of the originals' walk.
@Suite struct WalkOutputCollisionTests {
    static let jpeg = "Corpus/good/jpeg-disparity.jpg"
    static let heic = "Corpus/good/heif-disparity.heic"

    /// O/a.jpg, O/b.heic, O/sub/c.jpg and their byte copies in E/.
    static func folders(_ s: Scratch) throws -> [String: [UInt8]?] {
        for d in ["O/sub", "E/sub"] { try FileManager.default.createDirectory(atPath: s.path(d), withIntermediateDirectories: true) }
        var paths: [String] = []
        for side in ["O", "E"] {
            paths.append(try s.copy(jpeg, to: "\(side)/a.jpg"))
            paths.append(try s.copy(heic, to: "\(side)/b.heic"))
            paths.append(try s.copy(jpeg, to: "\(side)/sub/c.jpg"))
        }
        var before: [String: [UInt8]?] = [:]
        for p in paths { before[p] = Scratch.bytes(p) }
        return before
    }

    @Test(arguments: [
        ("\"$D\" compare O E -o E/a.jpg --force", "refusing to write to E/a.jpg: it is one of the inputs"),
        ("\"$D\" compare O E -o O/b.heic --force", "refusing to write to O/b.heic: it is one of the inputs"),
        ("\"$D\" compare O E -r -o O/sub/c.jpg --force", "refusing to write to O/sub/c.jpg: it is one of the inputs"),
        ("\"$D\" compare O E -r -o ./E/sub/../sub/c.jpg --force", "refusing to write to ./E/sub/../sub/c.jpg: it is one of the inputs"),
        ("ln -s ../E/a.jpg L/link.jpg; \"$D\" compare O E -o L/link.jpg --force", "refusing to write to L/link.jpg: it is one of the inputs"),
        ("ln E/a.jpg L/hard.jpg; \"$D\" compare O E -o L/hard.jpg --force", "refusing to write to L/hard.jpg: it is one of the inputs"),
        ("\"$D\" compare O E >> E/a.jpg", "refusing to write to standard output: it is one of the inputs (E/a.jpg); nothing written"),
        ("\"$D\" compare O E --format jsonl 1<> O/a.jpg", "refusing to write to standard output: it is one of the inputs (O/a.jpg); nothing written"),
        ("\"$D\" compare O E -r --format json 1<> O/sub/c.jpg", "refusing to write to standard output: it is one of the inputs (O/sub/c.jpg); nothing written"),
        ("\"$D\" list O >> O/sub/c.jpg", "refusing to write to standard output: it is one of the inputs (O/sub/c.jpg); nothing written"),
        ("\"$D\" list -0 E 1<> E/b.heic", "refusing to write to standard output: it is one of the inputs (E/b.heic); nothing written"),
    ])
    func aWalkNeverWritesOntoAFileItReads(line: String, message: String) throws {
        let s = try Scratch("walk-output")
        defer { s.remove() }
        let before = try Self.folders(s)
        try FileManager.default.createDirectory(atPath: s.path("L"), withIntermediateDirectories: true)
        let r = try HostileTests.sh(line + "\necho \"rc=$?\"", in: s.dir)
        #expect(r.text == "rc=2\n", "\(line): \(r.text)")
        #expect(r.stderr.hasPrefix("depthcheck: " + message), "\(line): \(r.stderr)")
        for (path, bytes) in before { #expect(Scratch.bytes(path) == bytes, "\(line): \(path) changed") }
    }

    /// A report beside the photos, named as nothing the walk reads, is written.
    @Test func anOutputBesideThePhotosIsWritten() throws {
        let s = try Scratch("walk-output-beside")
        defer { s.remove() }
        let before = try Self.folders(s)
        let r = try HostileTests.sh("\"$D\" compare O E -r -o E/report.txt; echo \"rc=$?\"; \"$D\" list O > O/list.txt; echo \"rc=$?\"", in: s.dir)
        #expect(r.text == "rc=0\nrc=0\n", "\(r.text)\(r.stderr)")
        #expect(FileBytes.text(s.path("E/report.txt"))?.hasSuffix("3 pairs: 3 ok\n") == true)
        #expect(FileBytes.text(s.path("O/list.txt")) == "O/a.jpg\nO/b.heic\nO/sub/c.jpg\n")
        for (path, bytes) in before { #expect(Scratch.bytes(path) == bytes, "\(path) changed") }
    }

    /// An exports folder inside the library: not walked as originals (each export would
    /// otherwise be an original of its own, and every key ambiguous), and said so.
    @Test func anExportsFolderInsideTheOriginalsIsLeftOutOfTheirWalk() throws {
        let s = try Scratch("walk-exports-inside")
        defer { s.remove() }
        for d in ["Library/2024", "Library/Exports"] {
            try FileManager.default.createDirectory(atPath: s.path(d), withIntermediateDirectories: true)
        }
        _ = try s.copy(Self.jpeg, to: "Library/2024/IMG_0001.jpg")
        _ = try s.copy(Self.heic, to: "Library/2024/IMG_0002.heic")
        _ = try s.copy(Self.jpeg, to: "Library/Exports/IMG_0001.jpg")
        _ = try s.copy(Self.heic, to: "Library/Exports/IMG_0002.heic")
        let r = try Tools.run(Tools.depthcheck, ["compare", "Library", "Library/Exports", "-r"], directory: s.dir)
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
        #expect(r.text == """
            ok                Library/2024/IMG_0001.jpg → Library/Exports/IMG_0001.jpg
            ok                Library/2024/IMG_0002.heic → Library/Exports/IMG_0002.heic
            2 pairs: 2 ok

            """, "\(r.text)")
        #expect(r.stderr == "depthcheck: note: Library/Exports: not walked (it is the exports folder)\n", "\(r.stderr)")
    }
}
