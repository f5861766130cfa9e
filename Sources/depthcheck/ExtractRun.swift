import AuxData
import Container
import struct DepthCheckCore.AuxSelection
import struct DepthCheckCore.MapExporter
import enum DepthCheckCore.MapFileFormat
import enum DepthCheckCore.MapExportError
import Validator

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
        do { photo = try PhotoReader.read(bytes, limits: limits) } catch {
            throw CommandFailure(Exit.unreadable, "\(path): \(error.description)")
        }
        let exporter = MapExporter(photo: photo, bytes: bytes, limits: limits)
        let chosen = try choose(photo)
        if options.all {
            let made = try prepareFolder(options.output)
            let stem = Self.stem(of: path)
            let targets = chosen.map { aux in
                (aux, (options.output.hasSuffix("/") ? options.output : options.output + "/")
                    + "\(stem).\(aux.index).\(aux.kind.rawValue).\(format.rawValue)")
            }
            // Every target is checked before the first is written: a run refused for its third
            // file must not leave the first two behind.
            for (_, target) in targets {
                for name in [target] + (format == .raw ? [target + ".json"] : []) {
                    if !options.force, Platform.status(name, followLinks: false) != nil {
                        throw CommandFailure(Exit.usage, "\(name) exists; not replaced without --force (nothing written)")
                    }
                    _ = try OutputFile.prepare(name, inputs: [options.file], noClobber: !options.force, force: options.force, allowedBy: "--force")
                }
            }
            var written: [String] = []
            do {
                for (aux, target) in targets {
                    try write(aux, with: exporter, to: target)
                    written += [target] + (format == .raw ? [target + ".json"] : [])
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
        } else if let aux = chosen.first {
            try write(aux, with: exporter, to: options.output)
        }
    }

    /// The aux images asked for: --index, else the --aux kind, else all; the lowest index first.
    func choose(_ photo: DepthPhoto) throws(CommandFailure) -> [AuxImage] {
        let selection = AuxSelection(kind: options.aux, index: options.index)
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
                throw CommandFailure(Exit.usage, "\(folder): cannot make the folder: \(Platform.describe(e))")
            }
            return true
        default: throw CommandFailure(Exit.usage, "\(folder) is not a folder")
        }
    }

    static func stem(of path: String) -> String {
        let name = OutputFile.lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    func write(_ aux: AuxImage, with exporter: MapExporter, to target: String) throws {
        if target != "-", !options.force, Platform.status(target, followLinks: false) != nil {
            throw CommandFailure(Exit.usage, "\(target) exists; not replaced without --force")
        }
        let out = target == "-" ? nil : try OutputFile.prepare(target, inputs: [options.file], noClobber: !options.force, force: options.force, allowedBy: "--force")
        let request = MapExporter.Request(format: format, numbers: options.values, floatType: options.type, orient: options.orient,
                                          software: "depthcheck \(Depthcheck.version)")
        let destination = try MapDestination(file: out)
        do {
            let description: String?
            do throws(MapExportError) { description = try exporter.export(aux, request, to: destination) } catch {
                switch error {
                case .notApplicable(let m): throw CommandFailure(Exit.usage, m)
                case .undecodable(let m): throw CommandFailure(Exit.findings, "\(options.file): \(m)")
                case .outputFailed(let m): throw destination.failure ?? CommandFailure(Exit.outputFailed, "\(options.file): \(m)")
                }
            }
            if let description, let out {
                let path = out.path + ".json"
                if !options.force, Platform.status(path, followLinks: false) != nil {
                    throw CommandFailure(Exit.usage, "\(path) exists; not replaced without --force")
                }
                let side = try OutputFile.prepare(path, inputs: [options.file], noClobber: !options.force, force: options.force, allowedBy: "--force")
                try side.write(Array(description.utf8))
            }
            try destination.commit()
        } catch {
            destination.abandon()
            throw error
        }
    }
}
