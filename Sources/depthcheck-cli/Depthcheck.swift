import ArgumentParser
import DepthCheckCore

/// Exit codes, graded as veraPDF grades them: 0 every file passes, 1 at least one file has a
/// finding at or above `--fail-on`, 2 the request is wrong (usage, an output path that cannot
/// be written), 3 an input could not be read, 4 internal error or the output could not be written.
enum Exit {
    static let pass: Int32 = 0
    static let findings: Int32 = 1
    static let usage: Int32 = 2
    static let unreadable: Int32 = 3
    static let internalError: Int32 = 4
    /// Writing the report failed (closed standard output, full disk): the run produced
    /// nothing usable, so it cannot end as if it had.
    static let outputFailed: Int32 = 4
}

@main
struct Depthcheck: ParsableCommand {
    static let version = DepthCheckLibrary.version

    static let configuration = CommandConfiguration(
        commandName: "depthcheck",
        abstract: "Validate depth, disparity and matte images inside JPEG and HEIC photos.",
        discussion: """
            Exit codes:
              0  every file passes
              1  findings at or above --fail-on
              2  usage error
              3  a file could not be read
              4  internal error, or the report could not be written
            """,
        version: version,
        subcommands: [Check.self, Info.self, Compare.self, List.self, Extract.self, Report.self, Embed.self, Strip.self, Roundtrip.self,
                      Rules.self, Explain.self],
        defaultSubcommand: Check.self
    )

    /// Runs the command and maps ArgumentParser's exit codes onto depthcheck's: a usage
    /// error is 2 (ArgumentParser's default is 64), anything unexpected is 4.
    static func main() {
        // The arguments' bytes as they are: a file name need not be UTF-8 (PathText).
        let arguments = Platform.arguments
        // A bare `depthcheck` is a newcomer's first word: the overview and the commands, as --help.
        if arguments.isEmpty {
            do { try StandardOutput.write(helpMessage() + "\n") } catch { finish(error) }
            Platform.terminate(Exit.pass)
        }
        if let run = QuickArguments.check(arguments) {
            // `depthcheck photo.heic` or `depthcheck check --format json -o r.json *.heic` in
            // CI: read without the option machinery (and its start-up cost); the run is the
            // one the parsed `check` would make.
            do { try run.run() } catch { finish(error) }
            Platform.terminate(Exit.pass)
        }
        if let word = unknownCommand(arguments) {
            Terminal.writeStderr("depthcheck: unknown command '\(word)'\(Suggestion.didYouMean(word, in: commandNames))\n" + commandList)
            Platform.terminate(Exit.usage)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            finish(error)
        }
        Platform.terminate(Exit.pass)
    }

    /// Ends the process for an error a command threw: its exit code, and its message on stderr.
    static func finish(_ error: any Error) -> Never {
        switch error {
        case let code as ExitCode:
            Platform.terminate(code.rawValue)
        case let failure as CommandFailure:
            fail(failure)
        default:
            let code = exitCode(for: error)
            let message = code == .success ? fullMessage(for: error) : Self.houseStyle(fullMessage(for: error))
            if code == .success {
                do { try StandardOutput.write(message + "\n") } catch { fail(error) }
                Platform.terminate(Exit.pass)
            }
            if !message.isEmpty { Terminal.writeStderr(message + "\n") }
            if code == .validationFailure { Platform.terminate(Exit.usage) }
            Platform.terminate(code == .failure ? Exit.internalError : code.rawValue)
        }
    }

    static func fail(_ failure: CommandFailure) -> Never {
        Terminal.writeStderr("depthcheck: \(failure.message)\n")
        Platform.terminate(failure.code)
    }

    /// ArgumentParser's `Error: …` first line in the one style every command uses:
    /// `depthcheck: …`; its usage lines follow unchanged.
    static func houseStyle(_ message: String) -> String {
        guard message.hasPrefix("Error: ") else { return message }
        return "depthcheck: " + message.dropFirst("Error: ".count)
    }

    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } }

    static var commandList: String {
        "commands: \(commandNames.joined(separator: ", ")); `depthcheck FILE...` checks files\n"
    }

    /// The first argument when it can only be a mistyped or future command: not an option,
    /// not a command, and not a path. A word with a dot or a slash is taken as a path even
    /// when nothing has that name, so `depthcheck missing.jpg` still reports the file as
    /// unreadable (exit 3) instead of calling it a command.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !first.isEmpty else { return nil }
        // `help chek` is the same slip as `chek`.
        if first == "help" {
            guard arguments.count > 1, !arguments[1].hasPrefix("-"), !commandNames.contains(arguments[1]) else { return nil }
            return arguments[1]
        }
        if commandNames.contains(first) { return nil }
        if first.contains("/") || first.contains(".") { return nil }
        if Platform.status(first, followLinks: false) != nil { return nil }
        return first
    }
}
