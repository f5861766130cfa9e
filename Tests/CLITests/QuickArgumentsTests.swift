import ArgumentParser
import Testing
import TestSupport
@testable import depthcheck

/// `QuickArguments` reads common `check` invocations without the option parser. Whatever it
/// accepts must give exactly the run the parser gives; whatever it is unsure of it declines.
@Suite struct QuickArgumentsTests {
    /// The parser's reading of `arguments` as a `check` run, or nil when it refuses them.
    static func parsed(_ arguments: [String]) -> CheckRun? {
        var words = arguments
        if words.first == "check" { words.removeFirst() }
        guard let command = try? Check.parseAsRoot(words), let check = command as? Check else { return nil }
        return CheckRun(check)
    }

    static let accepted: [[String]] = [
        ["a.jpg"],
        ["check", "a.jpg", "dir/b.heic"],
        ["check", "--format", "json", "a.jpg"],
        ["check", "--format=sarif", "--output", "out.sarif", "a.jpg"],
        ["a.jpg", "--format", "jsonl", "-o", "r.jsonl", "--jobs", "2"],
        ["check", "--fail-on", "warning", "--strict", "--require", "depth", "--require", "matte", "x/y.heic"],
        ["check", "--files-from", "list.txt", "-0", "--format", "junit"],
        ["-r", "--follow-links", "photos/", "--no-clobber", "-o", "report.txt"],
        ["check", "--jobs=16", "--fail-on=error", "a.jpg"],
        ["check", "--pixels", "a.jpg"],
        ["--pixels", "--format", "json", "x/y.heic", "--strict"],
    ]

    static let declined: [[String]] = [
        [], ["check"], ["--help"], ["check", "-h"], ["info", "a.jpg"], ["rules"], ["explain", "x.y"],
        ["photo"],                                   // no dot or slash: a command's name, or a typo of one
        ["check", "--format", "xml", "a.jpg"],       // a value the parser refuses with its message
        ["check", "--format"],                       // a value missing
        ["check", "--jobs", "0", "a.jpg"],           // outside 1...256: validate's message
        ["check", "--jobs", "+2", "a.jpg"],
        ["check", "--format", "json", "--format", "text", "a.jpg"],   // repeated
        ["check", "--strict", "--strict", "a.jpg"],
        ["check", "-0", "a.jpg"],                    // -0 without --files-from
        ["check", "--max-pixels", "100", "a.jpg"],   // an option read by the parser only
        ["check", "--timeout", "5", "a.jpg"],
        ["check", "-o", "-", "a.jpg"],               // a value that looks like an option
        ["check", "--", "a.jpg"],
        ["check", "--strict=yes", "a.jpg"],
        ["check", "-rj", "a.jpg"],
        ["check", "--ext", "jpg", "dir/"],
        ["check", "--pixels", "--pixels", "a.jpg"],  // repeated
        ["check", "--pixels=yes", "a.jpg"],          // a flag takes no value
    ]

    @Test(arguments: accepted)
    func acceptedGivesTheParsersRun(_ arguments: [String]) throws {
        let quick = try #require(QuickArguments.check(arguments))
        let parsed = try #require(Self.parsed(arguments))
        #expect(quick == parsed)
    }

    @Test(arguments: declined)
    func declinesWhatItIsNotSureOf(_ arguments: [String]) {
        #expect(QuickArguments.check(arguments) == nil)
    }

    /// Random invocations from a pool of words: whenever the quick reading accepts one, the
    /// parser accepts it too and reads the same run.
    @Test func randomInvocationsAgreeWithTheParser() throws {
        let pool = ["check", "a.jpg", "d/", "x.heic", "--format", "json", "text", "sarif", "--format=jsonl",
                    "-o", "out.json", "--output=r.txt", "--fail-on", "warning", "--strict", "--require", "depth",
                    "matte", "--jobs", "3", "--jobs=300", "-r", "--follow-links", "--files-from", "l.txt", "-0",
                    "--no-clobber", "--max-pixels", "7", "--pixels", "--", "-"]
        var rng = SeededGenerator(seed: 11)
        var accepted = 0
        for _ in 0..<3000 {
            let count = Int.random(in: 1...7, using: &rng)
            let words = (0..<count).map { _ in pool[Int.random(in: 0..<pool.count, using: &rng)] }
            guard let quick = QuickArguments.check(words) else { continue }
            accepted += 1
            let parsed = Self.parsed(words)
            #expect(parsed == quick, "\(words)")
        }
        // The pool is built so that many invocations are readable: the comparison is not empty.
        #expect(accepted > 100)
    }
}
