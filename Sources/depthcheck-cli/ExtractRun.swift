import DepthCheckCore

/// One `extract` invocation: read the photo whole, pick the aux images, and write each one
/// through the library's `MapExporter` into a `MapDestination` (a file appears only once
/// complete; a failed run leaves none).
struct ExtractRun {
    let options: Extract
    let format: MapFileFormat

    init(_ options: Extract) {
        self.options = options
        format = options.resolvedFormat
    }

    func run() throws {
        let path = options.file
        let bytes: [UInt8]
        bytes = try WholeFileInput.read(path)
        let limits = options.limitOptions.limits
        let photo: DepthPhoto
        do { photo = try DepthPhoto(bytes: bytes, name: path, limits: limits) } catch {
            throw CommandFailure(Exit.unreadable, "\(PathText.display(path)): \(error)")
        }
        let exporter = MapExporter(photo: photo)
        let chosen = try choose(photo)
        // `-o - >> photo.heic` would grow the input, `-o - 1<>photo.jpg` overwrite it in place.
        if options.output == "-" { try OutputFile.requireStandardOutput(isNotOneOf: [path]) }
        if options.all {
            let stem = Self.stem(of: path)
            let targets = chosen.map { aux in
                (aux, (options.output.hasSuffix("/") ? options.output : options.output + "/")
                    + exporter.fileName(of: aux, stem: stem, format: format))
            }
            // Every map is decoded before the folder is made and the first file written: one
            // that does not decode leaves nothing behind, not the maps that came before it.
            var maps: [(target: String, map: [UInt8], description: String?)] = []
            for (aux, target) in targets {
                let memory = MapMemoryOutput()
                let description = try export(aux, with: exporter, to: memory, failure: nil)
                maps.append((target, memory.bytes, description))
            }
            let made = try prepareFolder(options.output)
            // Every target is checked before the first is written: a run refused for its third
            // file must not leave the first two behind.
            for (_, target) in targets {
                for name in [target] + (format == .raw ? [target + ".json"] : []) {
                    if !options.force, Self.wouldReplace(name) {
                        throw CommandFailure(Exit.usage, "\(PathText.display(name)) exists; not replaced without --force (nothing written)")
                    }
                    _ = try OutputFile.prepare(name, inputs: [options.file], noClobber: !options.force, force: options.force, allowedBy: "--force")
                }
            }
            var written: [String] = []
            do {
                for m in maps {
                    let out = try OutputFile.prepare(m.target, inputs: [options.file], noClobber: !options.force, force: options.force, allowedBy: "--force")
                    try out.write(m.map)
                    written.append(m.target)
                    if let description = m.description {
                        try sideFile(of: out).write(Array(description.utf8))
                        written.append(m.target + ".json")
                    }
                }
            } catch {
                // A folder this run made is taken away again with what went into it: a failed
                // run leaves nothing behind.
                if made {
                    for name in written { Platform.remove(name) }
                    Platform.removeDirectory(options.output)
                }
                throw error
            }
            Terminal.writeStderr("wrote \(TextReport.count(maps.count, "file")) into \(PathText.display(options.output))\n")
        } else if let aux = chosen.first {
            try write(aux, with: exporter, to: options.output)
            // One line on stderr after the write, as every writer says what it wrote.
            let target = options.output == "-" ? "standard output" : PathText.display(options.output)
            Terminal.writeStderr("wrote \(target): \(exporter.label(of: aux))\n")
        }
    }

    /// The aux images asked for: with --all, those of the --aux kind (or every one), the
    /// lowest index first; otherwise the one `AuxSelection.single` takes.
    func choose(_ photo: DepthPhoto) throws(CommandFailure) -> [AuxImage] {
        let selection = AuxSelection(kind: options.aux, index: options.index)
        if !options.all {
            switch selection.single(in: photo, file: PathText.display(options.file)) {
            case .success(let aux): return [aux]
            case .failure(let refusal):
                // The library says what the photo has; the command line says which option names one.
                switch refusal.reason {
                case .noDepth: throw CommandFailure(Exit.findings, refusal.message + "; name one with --aux or --index")
                case .severalSemanticMattes:
                    throw CommandFailure(Exit.findings, refusal.message + "; name one with --aux (hair, skin, teeth, glasses, sky) or --index")
                case .nothingChosen: throw CommandFailure(Exit.findings, refusal.message)
                }
            }
        }
        let chosen = selection.chosen(in: photo)
        guard !chosen.isEmpty else { throw CommandFailure(Exit.findings, selection.nothingChosen(in: photo, file: options.file)) }
        return chosen
    }

    /// The folder `--all` writes into, made when it does not exist (as `mkdir` would: its
    /// parent must exist); true when this run made it.
    func prepareFolder(_ folder: String) throws(CommandFailure) -> Bool {
        switch Platform.status(folder)?.kind {
        case .directory?: return false
        case nil:
            if let e = Platform.makeDirectory(folder) {
                throw CommandFailure(Exit.usage, "\(PathText.display(folder)): cannot make the folder: \(Platform.describe(e))")
            }
            return true
        default: throw CommandFailure(Exit.usage, "\(PathText.display(folder)) is not a folder")
        }
    }

    /// Whether writing `path` would replace a file: it exists and is not a device or pipe
    /// (`/dev/null`, `/dev/stdout`), which is written in place and always writable.
    static func wouldReplace(_ path: String) -> Bool {
        guard Platform.status(path, followLinks: false) != nil else { return false }
        return Platform.status(path)?.kind != .other
    }

    static func stem(of path: String) -> String {
        let name = OutputFile.lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    func write(_ aux: AuxImage, with exporter: MapExporter, to target: String) throws {
        if target != "-", !options.force, Self.wouldReplace(target) {
            throw CommandFailure(Exit.usage, "\(PathText.display(target)) exists; not replaced without --force")
        }
        let out = target == "-" ? nil : try OutputFile.prepare(target, inputs: [options.file], noClobber: !options.force, force: options.force, allowedBy: "--force")
        let destination = try MapDestination(file: out)
        do {
            let description = try export(aux, with: exporter, to: destination, failure: destination.failure)
            if let description, let out {
                try sideFile(of: out).write(Array(description.utf8))
            }
            try destination.commit()
        } catch {
            destination.abandon()
            throw error
        }
    }

    /// Writes `aux` as the requested map into `destination`; the raw format's description
    /// (its side file's text) when there is one. `failure`: the destination's own, when it
    /// failed to take the bytes.
    func export(_ aux: AuxImage, with exporter: MapExporter, to destination: any MapOutput,
                failure: @autoclosure () -> CommandFailure?) throws(CommandFailure) -> String? {
        let request = MapExporter.Request(format: format, numbers: options.values, floatType: options.type, orient: options.orient,
                                          software: "depthcheck \(Depthcheck.version)")
        do throws(MapExportError) { return try exporter.export(aux, request, to: destination) } catch {
            switch error {
            case .notApplicable(let m): throw CommandFailure(Exit.usage, m)
            case .noDepthValues(let index, let kind):
                throw CommandFailure(Exit.usage, "aux image \(index) (\(kind)) holds no depth or disparity values; use --as native or stored")
            case .undecodable(let m):
                throw CommandFailure(Exit.findings, "\(PathText.display(options.file)): \(m)" + (options.all ? "; nothing written" : ""))
            case .outputFailed(let m): throw failure() ?? CommandFailure(Exit.outputFailed, "\(PathText.display(options.file)): \(m)")
            }
        }
    }

    /// The raw format's description beside `out` (`OUT.json`), refused like `out` when it exists.
    func sideFile(of out: OutputFile) throws(CommandFailure) -> OutputFile {
        let path = out.path + ".json"
        if !options.force, Self.wouldReplace(path) {
            throw CommandFailure(Exit.usage, "\(PathText.display(path)) exists; not replaced without --force")
        }
        return try OutputFile.prepare(path, inputs: [options.file], noClobber: !options.force, force: options.force, allowedBy: "--force")
    }
}
