import AuxData
import Container
import Validator

/// Writes aux images of one photo to map files (PFM, npy, PNG, raw), as `depthcheck extract`
/// does: decoded row by row into the output (PFM rows placed bottom first), the values in the
/// unit asked for, optionally turned into the photo's display frame.
public struct MapExporter {
    /// What to write and how.
    public struct Request: Sendable {
        /// The file format.
        public var format: MapFileFormat
        /// Stored samples, or values in the file's own unit, in metres or in 1/metres.
        public var numbers: MapNumbers
        /// The float type of values in npy and raw; nil: Float32 for npy (NumPy sums
        /// float16 in float16, so the mean of a half-float depth map overflows), the aux
        /// image's native precision for raw. PFM is always Float32, PNG 16-bit integers.
        public var floatType: MapFloatType?
        /// Turn the map into the photo's display frame (Exif Orientation, irot/imir).
        public var orient: Bool
        /// What the PNG's `Software` text chunk names.
        public var software: String

        /// A request; by default the file's own values, not turned.
        public init(format: MapFileFormat, numbers: MapNumbers = .native, floatType: MapFloatType? = nil,
                    orient: Bool = false, software: String = "depthcheck \(DepthCheckLibrary.version)") {
            self.format = format
            self.numbers = numbers
            self.floatType = floatType
            self.orient = orient
            self.software = software
        }
    }

    let photo: ParsedPhoto
    let decoder: AuxDecoder

    /// An exporter for the photo read from `bytes` (every byte of the file: a HEIF's aux
    /// images are decoded from their coded data).
    package init(photo: ParsedPhoto, bytes: [UInt8], limits: ParseLimits = .default) {
        self.photo = photo
        decoder = AuxDecoder(photo: photo, bytes: bytes, limits: limits)
    }

    /// Writes `aux` to `output` as `request` says; returns the JSON description of a raw map
    /// (the aux data dictionary's fields, for its `.json` side file), nil for other formats.
    /// The output is left as it is on failure: the caller abandons it.
    package func export(_ aux: ParsedAuxImage, _ request: Request, to output: any MapOutput) throws(MapExportError) -> String? {
        if request.format == .coded {
            let data: [UInt8]
            do throws(AuxDecodeError) { data = try decoder.codedFile(aux) } catch { throw .undecodable(error.description) }
            guard output.append(data) else { throw .outputFailed("the output could not be written") }
            return nil
        }
        if request.format == .pfm, !output.canWriteAtOffsets {
            // PFM's rows go bottom first; a pipe or a device takes appends only: the map is
            // made in memory, then appended whole.
            let memory = MapMemoryOutput()
            let description = try export(aux, request, to: memory)
            guard output.append(memory.bytes) else { throw .outputFailed("the output could not be written") }
            return description
        }
        // The file's own unit: from the mapping at the coded precision (the decoded one is the
        // same for every coding depthcheck decodes; the sink maps with the decoded one).
        let own = ValueMapping.of(aux, in: photo, bitDepth: aux.coded.bitDepth ?? 8)
        let unit = own.unit
        let numbers = try sinkNumbers(for: aux, unit: unit, request)
        let steps = request.orient ? MapOrientation.steps(for: aux, in: photo).filter { $0.exif != 1 } : []
        let photo = self.photo
        let mapping: (StoredLayout) -> ValueMapping = { ValueMapping.of(aux, in: photo, bitDepth: $0.bitDepth) }
        let valueUnit: ValueUnit = {
            if case .values(let u?, _) = numbers { return u }
            return unit
        }()

        // PNG values are scaled to the range of the map: a first pass finds it.
        var range: (min: Double, max: Double)?
        var text: [(String, String)] = []
        if request.format == .png, case .values(let u, _) = numbers {
            var counts = SampleCounts()
            try decode(aux, into: &counts)
            guard let layout = counts.layout else { throw .undecodable("no samples decoded") }
            let table = mapping(layout).table(as: u)
            var lo = Double.infinity, hi = -Double.infinity
            for (v, c) in counts.counts.enumerated() where c > 0 {
                let f = Double(table[v])
                if f.isFinite { lo = min(lo, f); hi = max(hi, f) }
            }
            if lo > hi { lo = 0; hi = 0 }
            range = (lo, hi)
            // Kind and Units say what the written values are: depth in m after depth,
            // whatever the file stores.
            let kind = valueUnit == .normalized ? aux.kind.rawValue : valueUnit.rawValue
            text = [("Min", NumberText.short(lo)), ("Max", NumberText.short(hi)), ("Kind", kind),
                    ("Units", own.unitLabel(valueUnit)), ("Software", request.software)]
        } else if request.format == .png {
            text = [("Kind", aux.kind.rawValue), ("Units", "stored samples"), ("Software", request.software)]
        }

        var sink = MapExportSink(format: request.format, numbers: numbers, mapping: mapping, pngRange: range, pngText: text,
                                 destination: output, location: aux.location)
        if steps.isEmpty {
            try decode(aux, into: &sink)
        } else {
            try decodeOriented(aux, steps: steps, into: &sink)
        }
        do throws(AuxDecodeError) { try sink.finish() } catch { throw .outputFailed(error.description) }
        guard request.format == .raw, let layout = sink.layout else { return nil }
        return Self.description(of: aux, layout: layout, numbers: numbers, unit: valueUnit, bytesPerSample: sink.bytesPerSample)
    }

    /// What the written numbers are for `aux`: stored samples, or values in a unit and type.
    func sinkNumbers(for aux: ParsedAuxImage, unit: ValueUnit, _ request: Request) throws(MapExportError) -> MapExportSink.Numbers {
        let half: Bool
        if let t = request.floatType { half = t == .f16 } else if request.format == .npy {
            half = false
        } else {
            half = aux.nativeFormat.map { $0.bytesPerPixel == 2 } ?? false
        }
        switch request.numbers {
        case .stored: return .stored
        case .native: return .values(unit: nil, half: half)
        case .depth, .disparity:
            guard unit != .normalized else {
                throw .noDepthValues(index: aux.index, kind: aux.kind.rawValue)
            }
            return .values(unit: request.numbers == .depth ? .depth : .disparity, half: half)
        }
    }

    func decode<S: AuxRowSink>(_ aux: ParsedAuxImage, into sink: inout S) throws(MapExportError) {
        do throws(AuxDecodeError) {
            try decoder.decode(aux, into: &sink)
        } catch {
            throw error.code == .sink ? .outputFailed(error.description) : .undecodable(error.description)
        }
    }

    /// Turning needs the whole map: it is decoded whole, turned, and handed to the sink as
    /// one band.
    func decodeOriented<S: AuxRowSink>(_ aux: ParsedAuxImage, steps: [MapOrientation], into sink: inout S) throws(MapExportError) {
        let image: StoredImage
        do throws(AuxDecodeError) { image = try decoder.storedImage(aux) } catch { throw .undecodable(error.description) }
        var samples = image.samples, w = image.width, h = image.height
        let channels = image.channels
        for step in steps { (samples, w, h) = step.apply(samples, width: w, height: h, channels: channels) }
        let layout = StoredLayout(width: w, height: h, bitDepth: image.layout.bitDepth, codec: image.layout.codec, channels: channels)
        do throws(AuxDecodeError) {
            try sink.start(layout)
            try samples.withUnsafeBufferPointer { p throws(AuxDecodeError) in
                try sink.consume(StoredRows(width: w, firstRow: 0, rowCount: h, samples: .u16(p), channels: channels))
            }
        } catch {
            throw .outputFailed(error.description)
        }
    }

    /// The aux data dictionary of a raw map (CGImageSourceCopyAuxiliaryDataInfoAtIndex's
    /// kCGImageAuxiliaryDataInfoDataDescription fields plus Metadata), as JSON.
    static func description(of aux: ParsedAuxImage, layout: StoredLayout, numbers: MapExportSink.Numbers,
                            unit: ValueUnit, bytesPerSample: Int) -> String {
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
        var fields: [(String, JSONValue)] = [
            ("PixelFormat", .string(format)), ("Width", .int(layout.width)), ("Height", .int(layout.height)),
            ("BytesPerRow", .int(layout.width * layout.channels * bytesPerSample)), ("Metadata", metadata),
        ]
        // A colour gain map: red, green and blue interleaved, each in PixelFormat.
        if layout.channels > 1 { fields.insert(("Channels", .int(layout.channels)), at: 3) }
        let json: JSONValue = .object(fields)
        return json.rendered() + "\n"
    }
}
