/// What the process is attached to: colour and progress only go to a terminal.
enum Terminal {
    static var stdoutIsTTY: Bool {
        Platform.isTerminal(Platform.standardOutput) && Platform.environment("NO_COLOR") == nil
    }
    static var stderrIsTTY: Bool { Platform.isTerminal(Platform.standardError) }

    /// Diagnostics: a failure to write them has nowhere left to be reported, so it is ignored.
    static func writeStderr(_ s: String) {
        _ = Platform.writeAll(Platform.standardError, Array(s.utf8))
    }
}
