import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exit codes, graded as veraPDF grades them: 0 every file passes, 1 at least one file has a
/// finding at or above `--fail-on`, 2 usage error, 3 a file could not be read, 4 internal error.
enum Exit {
    static let pass: Int32 = 0
    static let findings: Int32 = 1
    static let usage: Int32 = 2
    static let unreadable: Int32 = 3
    static let internalError: Int32 = 4
}

@main
struct Depthcheck: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "depthcheck",
        abstract: "Validate depth, disparity and matte images inside JPEG and HEIC photos.",
        discussion: """
            Exit codes: 0 every file passes, 1 findings at or above --fail-on, 2 usage error,
            3 a file could not be read, 4 internal error.
            """,
        version: version,
        subcommands: [Check.self, Info.self, Rules.self, Explain.self],
        defaultSubcommand: Check.self
    )

    /// Runs the command and maps ArgumentParser's exit codes onto depthcheck's: a usage
    /// error is 2 (ArgumentParser's default is 64), anything unexpected is 4.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(message)
                Glibc.exit(Exit.pass)
            }
            if !message.isEmpty { Terminal.writeStderr(message + "\n") }
            if code == .validationFailure { Glibc.exit(Exit.usage) }
            Glibc.exit(code == .failure ? Exit.internalError : code.rawValue)
        }
    }
}
