#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process is attached to: colour and progress only go to a terminal.
enum Terminal {
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil }
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }

    static func writeStderr(_ s: String) {
        writeAll(STDERR_FILENO, Array(s.utf8))
    }

    /// write(2) until every byte is out (or the descriptor fails).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buf in
            var done = 0
            while done < buf.count, let base = buf.baseAddress {
                let n = write(fd, base + done, buf.count - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                done += n
            }
        }
    }

    struct WriteError: Error, CustomStringConvertible { let description: String }

    /// Writes `text` to `path`, or to standard output when path is nil.
    static func emit(_ text: String, to path: String?) throws {
        guard let path else {
            print(text, terminator: "")
            return
        }
        guard let f = fopen(path, "w") else { throw WriteError(description: FileBytes.errorText()) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
        let closed = fclose(f)
        guard written == bytes.count, closed == 0 else { throw WriteError(description: FileBytes.errorText()) }
    }
}
