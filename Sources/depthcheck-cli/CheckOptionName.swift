import ArgumentParser

/// The spellings of `check`'s options, read by both the option parser (`Check`) and the quick
/// reader of common invocations (`QuickArguments`), so neither can know an option by a name the
/// other does not.
enum CheckOptionName: String, CaseIterable {
    case filesFrom = "files-from", nul = "0", recursive, followLinks = "follow-links", ext, jobs, format, output
    case noClobber = "no-clobber", force, failOn = "fail-on", shard, allNames = "all-names"
    case rulesDetail = "rules-detail", strict, require, pixels, junitSkipped = "junit-skipped", timeout, ignore

    /// The one-letter spelling, for the options that have one.
    var short: Character? {
        switch self {
        case .nul: return "0"
        case .recursive: return "r"
        case .output: return "o"
        default: return nil
        }
    }

    /// The long spelling; `-0` has none.
    var long: String? { self == .nul ? nil : rawValue }

    /// Whether the option is followed by a value.
    var takesValue: Bool {
        switch self {
        case .filesFrom, .ext, .jobs, .format, .output, .failOn, .shard, .require, .timeout, .ignore: return true
        default: return false
        }
    }

    /// Whether it may be given more than once.
    var repeatable: Bool { self == .require || self == .ext || self == .ignore }

    /// Every spelling on a command line: `-o`, `--output`.
    var spellings: [String] { (short.map { ["-\($0)"] } ?? []) + (long.map { ["--\($0)"] } ?? []) }

    /// The name as the option parser declares it.
    var name: NameSpecification {
        switch (short, long) {
        case (let s?, let l?): return [.customShort(s), .customLong(l)]
        case (let s?, nil): return .customShort(s)
        case (nil, let l?): return .customLong(l)
        case (nil, nil): return .long
        }
    }

    /// The option spelt `word`, if any.
    static func named(_ word: String) -> CheckOptionName? { allCases.first { $0.spellings.contains(word) } }
}
