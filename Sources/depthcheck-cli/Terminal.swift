import DepthCheckCore

/// What the process is attached to: colour and progress only go to a terminal.
enum Terminal {
    static var stdoutIsTTY: Bool {
        Platform.isTerminal(Platform.standardOutput) && Platform.environment("NO_COLOR") == nil
    }
    static var stderrIsTTY: Bool { Platform.isTerminal(Platform.standardError) }

    /// Diagnostics: a failure to write them has nowhere left to be reported, so it is ignored.
    /// File names and file text in them are shown escaped (control characters, raw bytes), so
    /// nothing from a file reaches the terminal as a command; the progress line's own escape
    /// sequences are written with `writeStderrRaw`.
    static func writeStderr(_ s: String) {
        writeStderrRaw(PathText.displayLines(s))
    }

    static func writeStderrRaw(_ s: String) {
        _ = Platform.writeAll(Platform.standardError, Array(s.utf8))
    }
}
