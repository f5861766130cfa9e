import DepthCheckCore

/// Where `embed`, `strip` and `roundtrip -o` put the photo they write: a file, replaced whole
/// or not at all (`OutputFile`), or standard output for `-o -`, as `extract -o -` does. When
/// the photo goes to standard output, the line that says what was done goes to standard error,
/// so the stream holds the photo's bytes and nothing else.
enum PhotoOutput {
    case file(OutputFile)
    case standardOutput

    /// `-` is standard output, refused when that is a terminal (a photo's bytes are no text);
    /// any other name is an `OutputFile`.
    static func prepare(_ path: String, inputs: [String], noClobber: Bool) throws(CommandFailure) -> PhotoOutput {
        // Without --force nothing existing is replaced; with it, a read-only file too.
        guard path == "-" else { return .file(try OutputFile.prepare(path, inputs: inputs, noClobber: noClobber, force: !noClobber, allowedBy: "--force")) }
        if Platform.isTerminal(Platform.standardOutput) {
            throw CommandFailure(Exit.usage, "-o -: standard output is a terminal; redirect it or give -o FILE")
        }
        // `-o - >> photo.heic` would grow the input, `-o - 1<>photo.jpg` overwrite it in place.
        try OutputFile.requireStandardOutput(isNotOneOf: inputs)
        return .standardOutput
    }

    /// Refuses (exit 2) a file name whose extension names another format: a HEIF written as
    /// `out.jpg`, or a JPEG as `out.png`, would be opened by whoever trusts the name with the
    /// wrong program. A name without an extension, or with one no format claims, is taken.
    func requireExtension(for container: ContainerFormat?) throws(CommandFailure) {
        guard case .file(let f) = self, let container else { return }
        let photo = FileNameFormat(container == .heif ? .heif : .jpeg)
        guard let named = FileNameFormat.named(by: f.path), named != photo else { return }
        let want = photo.extensions.prefix(2).map { "." + $0 }.joined(separator: " or ")
        throw CommandFailure(Exit.usage, "\(PathText.display(f.path)) names a \(named.rawValue) file, but the photo is a \(photo.rawValue); give -o ending in \(want)")
    }

    /// The name messages use, escaped as every printed name is (`PathText.display`).
    var name: String {
        switch self {
        case .file(let f): return PathText.display(f.path)
        case .standardOutput: return "standard output"
        }
    }

    func write(_ bytes: [UInt8]) throws(CommandFailure) {
        switch self {
        case .file(let f): try f.write(bytes)
        case .standardOutput:
            guard let error = Platform.writeAll(Platform.standardOutput, bytes) else { return }
            if error == Platform.brokenPipe { Platform.dieOfBrokenPipe() }
            throw CommandFailure(Exit.outputFailed, "cannot write to standard output: \(Platform.describe(error))")
        }
    }

    /// Prints what was done, after the photo is written: on standard output, or on standard
    /// error when standard output carries the photo. The photo is there whether or not the line
    /// can be printed (`> /dev/full`), so a line that cannot be printed is said on standard error
    /// and the command ends as the write did: a retry would find the file it made.
    func say(_ text: String) {
        switch self {
        case .file(let f):
            do throws(CommandFailure) { try StandardOutput.write(text) } catch {
                Terminal.writeStderr("depthcheck: \(PathText.display(f.path)) was written, but \(error.message)\n")
            }
        case .standardOutput: Terminal.writeStderr(text)
        }
    }
}
