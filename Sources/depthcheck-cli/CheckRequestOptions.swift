import ArgumentParser
import DepthCheckCore

/// What a check judges and how strictly, shared by `check` and `report`: each option sets one
/// field of the library's `CheckRequest`, which `request` is. Whether pixels are decoded is
/// `check`'s own option: a report always decodes them.
struct CheckRequestOptions: ParsableArguments {
    @Option(name: CheckOptionName.failOn.name, help: ArgumentHelp("Lowest severity that fails a file: error or warning; never: exit 0 whenever every input got its result (findings and unreadable files included), for batch engines.", valueName: "level"))
    var failOn: FailLevel = .error
    @Flag(name: CheckOptionName.strict.name, help: "Treat every should-rule (warning) as a shall-rule (error).") var strict = false
    @Option(name: CheckOptionName.require.name, help: "Require an aux image: depth (depth or disparity), disparity, matte, or gainmap (Apple, Ultra HDR, ISO 21496-1 or tmap; repeatable).")
    var require: [CheckRequest.Requirement] = []
    @Option(name: CheckOptionName.ignore.name, help: "Do not run a rule, given by its id or an area of ids (geometry.content); repeatable, or several separated by commas.")
    var ignore: [String] = []
    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
        if let unknown = ignoredRules.first(where: { !RuleCatalog.names($0) }) {
            throw ValidationError("--ignore \(unknown): no rule has this id or area (depthcheck rules lists them)")
        }
    }

    /// `--ignore`'s rules, each given alone or in a list separated by commas.
    var ignoredRules: [String] { ignore.flatMap { $0.split(separator: ",").map(String.init) } }

    /// The request these options make.
    var request: CheckRequest {
        var request = CheckRequest()
        request.strict = strict
        request.failOn = failOn.severity
        request.require = require
        request.limits = limitOptions.limits
        request.ignoredRules = ignoredRules
        return request
    }
}

/// `--jobs`, shared by `check`, `report` and `compare`: its bound is written once.
struct JobsOption: ParsableArguments {
    /// How many run at once, at most.
    static let allowed = 1...256

    @Option(name: CheckOptionName.jobs.name, help: "Files checked (or pairs compared) in parallel.") var jobs: Int = 1

    func validate() throws {
        guard Self.allowed.contains(jobs) else {
            throw ValidationError("--jobs must be between \(Self.allowed.lowerBound) and \(Self.allowed.upperBound)")
        }
    }
}
