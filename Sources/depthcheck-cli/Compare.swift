import ArgumentParser
import Dispatch
import Synchronization
import DepthCheckCore

/// What `compare` prints.
enum CompareFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, jsonl, junit, html
}

extension FolderPairing: ExpressibleByArgument {}

/// `depthcheck compare ORIGINAL EXPORT`: did the export keep the original's depth, mattes and
/// gain map? Two files, or two folders whose files are paired by name.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare an export with its original: which aux images it kept, lost, added or changed, and by how much.",
        discussion: """
            Each aux image of the original is matched with the export's of the same kind (and \
            semantic type, and order within the kind): kept, lost, added, changed (values, \
            geometry or the metadata that says what the values mean: calibration, a gain map's \
            curve), orphaned (declared in the export without data, or a gain map its photo does \
            not declare, as check says) or undecodable (the original's map does not decode). \
            Values are compared in metres for depth, 1/metres for disparity (the export's brought \
            to the original's quantity), log2 gain for a gain map whose hdrgm or ISO 21496-1 \
            metadata says so on both sides, 0…1 for mattes and other gain maps as encoded, in \
            display orientation (or, when only the photo's orientation changed and its maps turned \
            with it, in the photo's own frame, the turn named), the export's map resampled to the \
            original's size; distances a GDepth map does not name the unit of are said to be in \
            undeclared units. A map is \
            changed when more than 1 % of its samples (the 99th percentile) lie beyond the \
            tolerance, or when a patch of at least 16×16 samples mostly does (a local edit, named \
            with its place, size and largest error); with --tolerance 0, when any sample differs. \
            The default tolerance is two quantisation steps of the coarser stored format over the \
            original's range (an 8-bit map over 0.5…4 m: 2 × 3.5/255 m), which a lossless copy or \
            a re-encode at quality 100 keeps and a rescaled or replaced map does not. An export \
            cut short inside a structure is an error, not stripped.

            With two folders, files are paired by path relative to each folder, then by name, \
            without extension and case-insensitively (2024/IMG_0001.HEIC ↔ 2024/img_0001.jpg, else \
            ↔ img_0001.jpg), or by relative path alone with --match relpath. With -r, a folder that \
            is one side is left out of the other side's walk (an exports folder inside the library). \
            A run whose originals folder holds no photo is a usage error.

            Pair verdicts: ok, stripped, changed, orphaned, added, error; with folders also \
            unpaired-original, unpaired-export and ambiguous. Exit 0 when no pair's verdict \
            is in --fail-on (stripped,changed,orphaned,unpaired-original,ambiguous,error by default), 1 when \
            one is, 2 for a usage error, 3 when an argument cannot be read.
            """)

    @Argument(help: "The original photo, or a folder of originals.") var original: String
    @Argument(help: "The export, or a folder of exports.") var export: String
    @Flag(name: .shortAndLong, help: "With folders, walk them recursively.") var recursive = false
    @Option(help: "With folders, pair files by stem (name without extension) or relpath (path relative to each folder).")
    var match: FolderPairing = .stem
    @Option(help: ArgumentHelp("How far values may differ: auto, a number in the map's unit (0.05), or a percentage of the original's range (2%).", valueName: "tolerance"))
    var tolerance: String = "auto"
    @Option(help: "text, json (one object for a pair, {pairs: [...]} for folders), jsonl (a line a pair), junit (a test case a pair) or html (the maps side by side with their difference).")
    var format: CompareFormat = .text
    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?
    @Flag(help: "Replace the --output file when it exists.") var force = false
    @Option(name: .customLong("fail-on"), help: ArgumentHelp("The verdicts that fail the run, comma-separated.", valueName: "list"))
    var failOn: String = ComparedPair.failingByDefault.joined(separator: ",")
    @OptionGroup var jobsOption: JobsOption
    var jobs: Int { jobsOption.jobs }

    func validate() throws {
        guard ComparisonTolerance(parsing: tolerance) != nil else {
            throw ValidationError("--tolerance \(tolerance): give auto, a non-negative number (0.05) or a percentage (2%)")
        }
        for v in failing where !ComparedPair.verdicts.contains(v) {
            throw ValidationError("--fail-on \(v): not a verdict; give some of \(ComparedPair.verdicts.joined(separator: ", "))")
        }
    }

    var failing: [String] { failOn.split(separator: ",").map { String($0) } }

    func run() throws {
        let tolerance = ComparisonTolerance(parsing: self.tolerance) ?? .automatic
        let kinds = [original, export].map { Platform.status($0)?.kind }
        for (path, kind) in zip([original, export], kinds) where kind == nil {
            throw CommandFailure(Exit.unreadable, "cannot read \(PathText.display(path)): no such file or directory")
        }
        let folders = kinds.map { $0 == .directory }
        guard folders[0] == folders[1] else {
            throw CommandFailure(Exit.usage, "compare two files or two folders, not a \(folders[0] ? "folder" : "file") with a \(folders[1] ? "folder" : "file")")
        }
        let pictures = format == .html ? ReportVisuals.maxSide(files: 1) : nil
        var inputs = [original, export]
        let found: [ComparedPair]
        if folders[0] {
            let (originals, exports) = try walk()
            inputs += originals + exports
            found = match.pairs(originals: originals, under: original, exports: exports, under: export)
        } else {
            found = [ComparedPair(original: original, export: export, outcome: .matched)]
        }
        // Refused before a byte is written: an output (--output, or the file standard output
        // writes into) that is one of the files compared, or exists without --force.
        let file = try output.map {
            try OutputFile.prepare($0, inputs: inputs, noClobber: !force, force: force, allowedBy: "--force")
        }
        if file == nil { try OutputFile.requireStandardOutput(isNotOneOf: inputs) }
        var sink = ReportSink.standardOutput
        if let file { sink = .file(try file.open()) }
        var verdicts: [String] = []
        do throws(CommandFailure) {
            // Text and JSON Lines are written pair by pair, in order, as each batch of `jobs`
            // pairs is done: a folder of any size holds one batch at a time. The other forms
            // are one document and keep every pair to the end.
            var kept: [ComparedPair] = []
            let batch = max(1, jobs) * 4
            var start = 0
            while start < found.count {
                let done = Self.compareAll(Array(found[start..<min(found.count, start + batch)]), tolerance: tolerance,
                                           pictures: pictures, jobs: jobs)
                for p in done {
                    verdicts.append(p.verdict)
                    switch format {
                    case .text: try sink.append(ComparisonReport.text(p))
                    case .jsonl: try sink.append(ComparisonReport.jsonLine(p))
                    case .json, .junit, .html: kept.append(p)
                    }
                }
                start += batch
            }
            switch format {
            case .text:
                try sink.append(ComparisonReport.summary(verdicts: verdicts))
            case .jsonl:
                break
            case .json:
                try sink.append(ComparisonReport.jsonDocument(kept, folders: folders[0]))
            case .junit:
                try sink.append(ComparisonReport.junit(kept, failing: failing))
            case .html:
                try sink.append(ComparisonPage.html(kept, toolVersion: Depthcheck.version))
            }
            try sink.commit()
        } catch {
            sink.abandon()
            throw error
        }
        if let output, file != nil {
            Terminal.writeStderr("wrote \(PathText.display(output)): \(ComparisonReport.summary(verdicts: verdicts))")
        }
        if verdicts.contains(where: { failing.contains($0) }) { throw ExitCode(Exit.findings) }
    }

    /// The photos of the two folders: directly in each, or with `-r` in every subfolder, a
    /// folder that is one side left out of the other side's walk (an exports folder inside the
    /// library). Refused (exit 2) when the originals' side has no photo: nothing to compare.
    func walk() throws(CommandFailure) -> (originals: [String], exports: [String]) {
        let roots = [original, export]
        let statuses = roots.map { Platform.status($0) }
        func files(_ side: Int) -> [String] {
            var walk = FileDiscovery(recursive: true)
            if recursive, let other = statuses[1 - side] {
                walk.leavingOut = [(other, "it is the \(side == 0 ? "exports" : "originals") folder")]
            }
            let found = walk.expand([roots[side]])
            for note in found.notes { Terminal.writeStderr("depthcheck: note: \(note)\n") }
            let prefix = roots[side].hasSuffix("/") ? roots[side] : roots[side] + "/"
            // Without -r, the files directly in the folder.
            return found.files.filter { recursive || !$0.dropFirst(prefix.count).contains("/") }
        }
        let originals = files(0), exports = files(1)
        if originals.isEmpty {
            let hint = !recursive && Self.hasSubfolders(original) ? "; its subfolders are walked with -r" : ""
            throw CommandFailure(Exit.usage, "no JPEG or HEIF file in \(PathText.display(original))\(hint); nothing compared")
        }
        return (originals, exports)
    }

    /// Whether `folder` holds a folder that is not hidden.
    static func hasSubfolders(_ folder: String) -> Bool {
        guard case .success(let names) = Platform.list(folder) else { return false }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return names.contains { !$0.hasPrefix(".") && Platform.status(prefix + $0)?.kind == .directory }
    }

    /// Each `matched` pair compared, `jobs` at a time, in the order given.
    static func compareAll(_ pairs: [ComparedPair], tolerance: ComparisonTolerance, pictures: Int?, jobs: Int) -> [ComparedPair] {
        let results = Mutex([ComparedPair?](repeating: nil, count: pairs.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, pairs.count))) { _ in
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < pairs.count else { return }
                let done = compare(pairs[i], tolerance: tolerance, pictures: pictures)
                results.withLock { $0[i] = done }
            }
        }
        return results.withLock { $0.map { $0 ?? ComparedPair(original: nil, export: nil, outcome: .error("not compared")) } }
    }

    static func compare(_ pair: ComparedPair, tolerance: ComparisonTolerance, pictures: Int?) -> ComparedPair {
        guard case .matched = pair.outcome, let o = pair.original, let e = pair.export else { return pair }
        let mine: DepthPhoto, theirs: DepthPhoto
        do { mine = try DepthPhoto(path: o) } catch { return pair.compared(.error("the original cannot be read: \(error)")) }
        do { theirs = try DepthPhoto(path: e) } catch { return pair.compared(.error("the export cannot be read: \(error)")) }
        return pair.compared(.compared(mine.compare(to: theirs, tolerance: tolerance, pictures: pictures)))
    }
}
