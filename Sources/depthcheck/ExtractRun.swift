import AuxData
import Container
import Validator

/// One `extract` invocation: read the photo whole, pick the aux images, and write each one
/// through a `MapDestination` (a file appears only once complete; a failed run leaves none).
struct ExtractRun {
    let options: Extract
    let format: ExtractFormat

    init(_ options: Extract) {
        self.options = options
        format = options.resolvedFormat
    }

    func run() throws {
        let path = options.file
        let bytes: [UInt8]
        do { bytes = try PhotoInput.readWhole(path) } catch { throw CommandFailure(Exit.unreadable, "\(error)") }
        let limits = options.limitOptions.limits
        let photo: DepthPhoto
        do { photo = try PhotoReader.read(bytes, limits: limits) } catch {
            throw CommandFailure(Exit.unreadable, "\(path): \(error.description)")
        }
        let decoder = AuxDecoder(photo: photo, bytes: bytes, limits: limits)
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
                    try write(aux, of: photo, decoder: decoder, to: target)
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
            try write(aux, of: photo, decoder: decoder, to: options.output)
        }
    }

    /// The aux images asked for: --index, else the --aux kind, else all; the lowest index first.
    func choose(_ photo: DepthPhoto) throws(CommandFailure) -> [AuxImage] {
        var candidates = photo.auxImages.sorted { $0.index < $1.index }
        if let kind = options.aux { candidates = candidates.filter { kind.matches($0.kind) } }
        if let i = options.index {
            candidates = candidates.filter { $0.index == i }
            guard !candidates.isEmpty else {
                let have = photo.auxImages.map { "\($0.index) (\($0.kind.rawValue))" }.joined(separator: ", ")
                throw CommandFailure(Exit.findings, "\(options.file) has no aux image \(i)\(options.aux.map { " of kind \($0.rawValue)" } ?? "")"
                                     + (have.isEmpty ? "" : "; it has \(have)"))
            }
        }
        guard !candidates.isEmpty else {
            throw CommandFailure(Exit.findings, "\(options.file) has no \(options.aux.map { "\($0.rawValue) " } ?? "")aux image")
        }
        return candidates
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

    /// What the written numbers are for `aux`: stored samples, or values in a unit and type.
    func numbers(for aux: AuxImage, unit: ValueUnit) throws(CommandFailure) -> MapExportSink.Numbers {
        let half: Bool
        if let t = options.type { half = t == .f16 } else if format == .npy {
            // numpy sums float16 in float16: the mean of a half-float depth map overflows to
            // inf. Float32 unless --type f16 asks otherwise.
            half = false
        } else {
            half = aux.nativeFormat.map { PixelFormat.bytesPerPixel($0) == 2 } ?? false
        }
        switch options.values {
        case .stored: return .stored
        case .native: return .values(unit: nil, half: half)
        case .depth, .disparity:
            guard unit != .normalized else {
                throw CommandFailure(Exit.usage, "aux image \(aux.index) (\(aux.kind.rawValue)) holds no depth or disparity values; use --as native or stored")
            }
            return .values(unit: options.values == .depth ? .depth : .disparity, half: half)
        }
    }

    func write(_ aux: AuxImage, of photo: DepthPhoto, decoder: AuxDecoder, to target: String) throws {
        if target != "-", !options.force, Platform.status(target, followLinks: false) != nil {
            throw CommandFailure(Exit.usage, "\(target) exists; not replaced without --force")
        }
        let out = target == "-" ? nil : try OutputFile.prepare(target, inputs: [options.file], noClobber: !options.force, force: options.force, allowedBy: "--force")
        // The file's own unit: from the mapping at the coded precision (the decoded one is the same
        // for every coding depthcheck decodes; the sink maps with the decoded one).
        let unit = ValueMapping.of(aux, in: photo, bitDepth: aux.coded.bitDepth ?? 8).unit
        let numbers = try numbers(for: aux, unit: unit)
        let steps = options.orient ? MapOrientation.steps(for: aux, in: photo).filter { $0.exif != 1 } : []
        let mapping: (StoredLayout) -> ValueMapping = { ValueMapping.of(aux, in: photo, bitDepth: $0.bitDepth) }
        let valueUnit: ValueUnit = {
            if case .values(let u?, _) = numbers { return u }
            return unit
        }()

        // PNG values are scaled to the range of the map: a first pass finds it.
        var range: (min: Double, max: Double)?
        var text: [(String, String)] = []
        if format == .png, case .values(let u, _) = numbers {
            var counts = SampleCounts()
            try decode(aux, decoder, into: &counts)
            guard let layout = counts.layout else { throw CommandFailure(Exit.internalError, "no samples decoded") }
            let table = mapping(layout).table(as: u)
            var lo = Double.infinity, hi = -Double.infinity
            for (v, c) in counts.counts.enumerated() where c > 0 {
                let f = Double(table[v])
                if f.isFinite { lo = min(lo, f); hi = max(hi, f) }
            }
            if lo > hi { lo = 0; hi = 0 }
            range = (lo, hi)
            // Kind and Units say what the written values are: depth in m after --as depth,
            // whatever the file stores.
            let m = ValueMapping.of(aux, in: photo, bitDepth: aux.coded.bitDepth ?? 8)
            let kind = valueUnit == .normalized ? aux.kind.rawValue : valueUnit.rawValue
            text = [("Min", Self.number(lo)), ("Max", Self.number(hi)), ("Kind", kind),
                    ("Units", m.unitLabel(valueUnit)), ("Software", "depthcheck \(Depthcheck.version)")]
        } else if format == .png {
            text = [("Kind", aux.kind.rawValue), ("Units", "stored samples"), ("Software", "depthcheck \(Depthcheck.version)")]
        }

        let destination = try MapDestination(file: out)
        var sink = MapExportSink(format: format, numbers: numbers, mapping: mapping, pngRange: range, pngText: text,
                                 destination: destination, location: aux.location)
        do {
            if steps.isEmpty {
                try decode(aux, decoder, into: &sink)
            } else {
                try decodeOriented(aux, decoder, steps: steps, into: &sink)
            }
            try sink.finish()
            if format == .raw, let out, let layout = sink.layout {
                try writeDescription(aux, layout: layout, steps: steps, numbers: numbers, unit: valueUnit,
                                     to: out.path + ".json", bytesPerSample: sink.bytesPerSample)
            }
            try destination.commit()
        } catch {
            destination.abandon()
            throw error
        }
    }

    func decode<S: AuxRowSink>(_ aux: AuxImage, _ decoder: AuxDecoder, into sink: inout S) throws(CommandFailure) {
        do throws(AuxDecodeError) {
            try decoder.decode(aux, into: &sink)
        } catch {
            throw CommandFailure(error.code == .sink ? Exit.outputFailed : Exit.findings, "\(options.file): \(error.description)")
        }
    }

    /// --orient: the whole map is needed to turn it; it is decoded whole, turned, and handed
    /// to the sink as one band.
    func decodeOriented<S: AuxRowSink>(_ aux: AuxImage, _ decoder: AuxDecoder, steps: [MapOrientation],
                                       into sink: inout S) throws(CommandFailure) {
        var image: StoredImage
        do throws(AuxDecodeError) { image = try decoder.storedImage(aux) } catch {
            throw CommandFailure(Exit.findings, "\(options.file): \(error.description)")
        }
        var samples = image.samples, w = image.width, h = image.height
        for step in steps { (samples, w, h) = step.apply(samples, width: w, height: h) }
        let layout = StoredLayout(width: w, height: h, bitDepth: image.layout.bitDepth, codec: image.layout.codec)
        image = StoredImage(layout: layout, samples: samples)
        do throws(AuxDecodeError) {
            try sink.start(layout)
            try samples.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                try sink.consume(StoredRows(width: w, firstRow: 0, rowCount: h, samples: .u16(p)))
            }
        } catch {
            throw CommandFailure(Exit.outputFailed, "\(options.file): \(error.description)")
        }
    }

    /// The aux data dictionary of a raw map (CGImageSourceCopyAuxiliaryDataInfoAtIndex's
    /// kCGImageAuxiliaryDataInfoDataDescription fields plus Metadata), as a .json side file.
    func writeDescription(_ aux: AuxImage, layout: StoredLayout, steps: [MapOrientation], numbers: MapExportSink.Numbers,
                          unit: ValueUnit, to path: String, bytesPerSample: Int) throws {
        let format: String
        switch numbers {
        case .stored: format = bytesPerSample == 1 ? "L008" : "L016"
        case .values(_, let half):
            switch unit {
            case .disparity: format = half ? "hdis" : "fdis"
            case .depth: format = half ? "hdep" : "fdep"
            case .normalized: format = half ? "L00h" : "L00f"
            }
        }
        let metadata: JSONValue = .object(aux.metadata.map { k, v in
            switch v {
            case .text(let s): return (k, .string(s))
            case .list(let l): return (k, .array(l.map { .string($0) }))
            }
        })
        let json: JSONValue = .object([
            ("PixelFormat", .string(format)), ("Width", .int(layout.width)), ("Height", .int(layout.height)),
            ("BytesPerRow", .int(layout.width * bytesPerSample)), ("Metadata", metadata),
        ])
        if !options.force, Platform.status(path, followLinks: false) != nil {
            throw CommandFailure(Exit.usage, "\(path) exists; not replaced without --force")
        }
        let side = try OutputFile.prepare(path, inputs: [options.file], noClobber: !options.force, force: options.force, allowedBy: "--force")
        try side.write(Array((json.rendered() + "\n").utf8))
    }

    /// A value as people read it: six significant digits, no float noise (`0.147266`, `375`).
    static func number(_ v: Double) -> String { NumberText.short(v) }
}
