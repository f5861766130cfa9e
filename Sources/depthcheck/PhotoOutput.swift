import AuxData
import struct DepthCheckCore.PhotoEditor

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
        return .standardOutput
    }

    /// Refuses (exit 2) a file name whose extension names the other container: a HEIF
    /// written as `out.jpg` would be opened as a JPEG by whoever trusts the name.
    func requireExtension(for container: ContainerKind?) throws(CommandFailure) {
        guard case .file(let f) = self, let container, let named = PhotoEditor.container(named: f.path).flatMap({ ContainerKind(rawValue: $0.rawValue) }), named != container else { return }
        let want = container == .heif ? ".heic or .heif" : ".jpg or .jpeg"
        throw CommandFailure(Exit.usage, "\(f.path) names a \(named == .heif ? "HEIF" : "JPEG") file, but the photo is a \(container == .heif ? "HEIF" : "JPEG"); give -o ending in \(want)")
    }

    /// The name messages use.
    var name: String {
        switch self {
        case .file(let f): return f.path
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

    /// Prints what was done: on standard output, or on standard error when standard output
    /// carries the photo.
    func say(_ text: String) throws(CommandFailure) {
        switch self {
        case .file: try StandardOutput.write(text)
        case .standardOutput: Terminal.writeStderr(text)
        }
    }
}
