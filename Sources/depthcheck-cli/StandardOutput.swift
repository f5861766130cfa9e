/// Everything the commands print goes through here, unbuffered, so a write that fails is
/// noticed: a closed or full standard output is an error (exit 4), not a silent success.
enum StandardOutput {
    static func write(_ text: String) throws(CommandFailure) {
        try write(Array(text.utf8))
    }

    static func write(_ bytes: [UInt8]) throws(CommandFailure) {
        guard let error = Platform.writeAll(Platform.standardOutput, bytes) else { return }
        // The reader went away (`depthcheck … | head`): end as quietly as any filter does.
        if error == Platform.brokenPipe { Platform.dieOfBrokenPipe() }
        throw CommandFailure(Exit.outputFailed, "cannot write to standard output: \(Platform.describe(error))")
    }
}
