import DepthCheckCore

/// Where `extract` writes one map: a file through `OutputFile` (a temporary file renamed over
/// the target when complete), or standard output, gathered in memory and written at the end.
final class MapDestination: MapOutput {
    private var stream: OutputFile.Stream?
    private let memory = MapMemoryOutput()
    /// Bytes appended so far; the end of the output.
    private(set) var size = 0
    private(set) var failure: CommandFailure?

    init(file: OutputFile?) throws(CommandFailure) {
        stream = try file?.open()
    }

    /// Positional writes need a file that can seek: a temporary file, or memory.
    var canWriteAtOffsets: Bool { stream?.isNewFile ?? true }

    func append(_ bytes: [UInt8]) -> Bool {
        write(bytes, at: size)
    }

    func write(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard failure == nil else { return false }
        if let s = stream {
            // A temporary file is written at offsets only (pwrite leaves no file position to
            // keep in step); a device or pipe takes appends only.
            let error = s.isNewFile ? Platform.writeAll(s.fd, bytes, at: offset) : Platform.writeAll(s.fd, bytes)
            if let e = error {
                failure = OutputFile.failure(s.file.path, e)
                return false
            }
        } else {
            _ = memory.write(bytes, at: offset)
        }
        size = max(size, offset + bytes.count)
        return true
    }

    /// Makes the output appear: renames the file into place or writes standard output.
    func commit() throws(CommandFailure) {
        if let f = failure { throw f }
        if var s = stream {
            stream = nil
            try s.commit()
        } else {
            guard let e = Platform.writeAll(Platform.standardOutput, memory.bytes) else { return }
            if e == Platform.brokenPipe { Platform.dieOfBrokenPipe() }
            throw CommandFailure(Exit.outputFailed, "cannot write to standard output: \(Platform.describe(e))")
        }
    }

    /// Leaves no file behind.
    func abandon() {
        if var s = stream { s.abandon() }
        stream = nil
    }
}
