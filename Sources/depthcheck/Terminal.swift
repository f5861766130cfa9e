import Foundation

/// What the process is attached to: colour and progress only go to a terminal.
enum Terminal {
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil }
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }

    static func writeStderr(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    /// Writes `text` to `path`, or to standard output when path is nil.
    static func emit(_ text: String, to path: String?) throws {
        if let path {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
