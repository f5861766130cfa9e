import DepthCheckCore

/// The `check` invocations a CI job or a batch script writes (`depthcheck check --format json
/// -o report.json photo.heic`), read without the option parser: swift-argument-parser builds
/// its whole command tree by reflection before it looks at an argument, which costs more than
/// checking a photo. Anything this reader is not sure of (help, another command, an option or
/// a value it does not know, a repeated option, a value that would fail validation) makes it
/// decline, and the option parser handles the invocation, with its messages. `QuickArgumentsTests`
/// holds it to giving the same `CheckRun` as the parser for everything it accepts.
enum QuickArguments {
    /// The run, or nil to leave the arguments to the option parser.
    static func check(_ arguments: [String]) -> CheckRun? {
        var rest = arguments[...]
        if rest.first == "check" { rest = rest.dropFirst() }
        var run = CheckRun(paths: [])
        // A dozen options, compared in a `ListSet`.
        var seen = ListSet<CheckOptionName>()
        var jobs: Int?
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else {
                // A positional: a path, which always has a dot or a slash (no command does).
                guard word.utf8.contains(0x2E) || word.utf8.contains(0x2F) else { return nil }
                run.paths.append(word)
                continue
            }
            // `--name=value` or `--name value`; short options only on their own.
            var name = word
            var attached: String?
            if word.hasPrefix("--"), let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                attached = String(word[word.index(after: eq)...])
            }
            guard let option = CheckOptionName.named(name), !seen.contains(option) || option.repeatable else { return nil }
            seen.insert(option)
            var value: String?
            if option.takesValue {
                if let attached {
                    value = attached
                } else {
                    guard let next = rest.popFirst() else { return nil }
                    value = next
                }
                // A value that looks like an option is the parser's to judge.
                guard let v = value, !v.isEmpty, !v.hasPrefix("-") else { return nil }
            } else if attached != nil {
                return nil
            }
            switch option {
            case .format:
                guard let f = value.flatMap(ReportFormat.init(rawValue:)) else { return nil }
                run.format = f
            case .output: run.output = value
            case .failOn:
                guard let f = value.flatMap(FailLevel.init(rawValue:)) else { return nil }
                run.failOn = f
            case .require:
                guard let r = value.flatMap(CheckRequest.Requirement.init(rawValue:)) else { return nil }
                run.request.require.append(r)
            case .jobs:
                guard let v = value, v.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(v) else { return nil }
                jobs = n
            case .filesFrom: run.filesFrom = value
            case .strict: run.request.strict = true
            case .pixels: run.request.pixels = true
            case .noClobber: run.noClobber = true
            case .force: run.force = true
            case .recursive: run.recursive = true
            case .followLinks: run.followLinks = true
            case .nul: run.nulSeparated = true
            // The options the parser alone reads (--ext, --shard, --timeout, the limits …).
            case .ext, .shard, .allNames, .rulesDetail, .junitSkipped, .timeout, .ignore: return nil
            }
        }
        // What `Check.validate` refuses is left to it, so its message is the one printed.
        if let jobs {
            guard JobsOption.allowed.contains(jobs) else { return nil }
            run.jobs = jobs
        }
        guard !run.paths.isEmpty || run.filesFrom != nil else { return nil }
        if run.nulSeparated && run.filesFrom == nil { return nil }
        // {shard} in --output needs --shard, which only the parser reads.
        if let output = run.output, Shard.hasPlaceholder(output) { return nil }
        return run
    }
}
