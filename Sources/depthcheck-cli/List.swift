import ArgumentParser
import DepthCheckCore

/// `depthcheck list DIR...`: the paths `check -r` would check, one a line (or NUL-separated),
/// so that a fan-out tool (xargs, GNU parallel, Spark, Dask) checks exactly the files one
/// process would, picked by depthcheck's own walk rather than by a `find` expression.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the paths check -r would check, one a line: the selection engines fan out.",
        discussion: """
            The same walk as check -r: photo extensions only (--ext changes them), hidden entries \
            skipped, each file once whatever its number of hard-linked names (--all-names lists \
            every name), links followed only with --follow-links, --shard K/N keeping the paths \
            that hash to K. A path that cannot be read is listed too, as check reports it, and said \
            on stderr; the exit status is then 3. Names are written as their bytes; a name holding \
            a line feed needs -0.
            """)

    @Argument(help: "Folders to walk (and files, listed as they are).") var paths: [String] = []
    @Flag(name: .customShort("0"), help: "Separate the paths by NUL bytes, as find -print0 does.") var nulSeparated = false
    @Option(name: .customLong("ext"), help: "File extensions the walk picks, comma-separated (default: jpg,jpeg,heic,heif,hif,avif,mpo).")
    var extensions: [String] = []
    @Flag(name: .customLong("follow-links"), help: "Follow symbolic links while walking (as find -L does).") var followLinks = false
    @Flag(name: .customLong("all-names"), help: "List every name of a file with several (hard links).") var allNames = false
    @Option(help: ArgumentHelp("Only shard K of N: the paths that hash to K, as check --shard picks them.", valueName: "K/N"))
    var shard: String?

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give at least one folder or file") }
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard \(shard): give K/N with 0 ≤ K < N ≤ \(Shard.maxCount), e.g. --shard 0/8")
        }
        if !extensions.isEmpty, FileDiscovery.parseExtensions(extensions) == nil {
            throw ValidationError("--ext takes extensions separated by commas, e.g. --ext jpg,heic")
        }
    }

    func run() throws {
        var discovery = FileDiscovery(recursive: true, followLinks: followLinks, allNames: allNames)
        if !extensions.isEmpty, let chosen = FileDiscovery.parseExtensions(extensions) { discovery.extensions = chosen }
        let found = discovery.expand(paths)
        for note in found.notes { Terminal.writeStderr("depthcheck: note: \(note)\n") }
        if found.files.isEmpty {
            let what = extensions.isEmpty ? "no JPEG or HEIF file" : "no file with extension \(extensions.joined(separator: ", "))"
            throw CommandFailure(Exit.usage, "\(what) under \(paths.map(PathText.display).joined(separator: ", ")); nothing listed")
        }
        let files = shard.flatMap(Shard.init).map { s in found.files.filter(s.contains) } ?? found.files
        if !nulSeparated, let odd = files.first(where: { $0.utf8.contains(0x0A) }) {
            throw CommandFailure(Exit.usage, "\(PathText.display(odd)) has a line feed in its name; give -0 to separate paths by NUL bytes")
        }
        // `list DIR >> DIR/photo.jpg` would grow a photo it lists: refused before a byte is written.
        try OutputFile.requireStandardOutput(isNotOneOf: paths + found.files, known: found.named)
        var out: [UInt8] = []
        for f in files {
            out += PathText.bytes(of: f)
            out.append(nulSeparated ? 0 : 0x0A)
        }
        try StandardOutput.write(out)
        let listed = Set(files)
        let problems = found.problems.filter { listed.contains($0.path) }
        for p in problems { Terminal.writeStderr("depthcheck: cannot read \(PathText.display(p.path)): \(p.message)\n") }
        if !problems.isEmpty { throw ExitCode(Exit.unreadable) }
    }
}
