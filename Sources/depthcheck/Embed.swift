import ArgumentParser
import AuxData
import Container
import Validator

/// `depthcheck embed`: attach depth or disparity (and portrait or semantic mattes) to a JPEG or HEIC,
/// as Apple's "Creating auxiliary depth data manually" describes: a gray map spanning
/// zNear...zFar, or a float map of metres or 1/metres, becomes an 8-bit map with Apple's XMP.
struct Embed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Attach a depth or disparity map (and portrait or semantic mattes) to a JPEG or HEIC photo.",
        discussion: """
            MAP is a gray PGM or PNG (8 or 16 bit; with --znear/--zfar, 0 = zNear, 1 = zFar, \
            linear in depth), or a PFM or .npy of metres (--depth) or 1/metres (--disparity), in \
            the photo's stored frame (in its display frame with --orient). It is stored as 8 bits \
            over its own range (FloatMin/FloatMax), as Apple stores maps: a JPEG aux image at \
            quality 100, or a lossless monochrome HEVC item.

            IMAGE is a JPEG or HEIC, whose primary's coded bytes are kept; a PNG or binary PPM \
            (P6) becomes a new primary, encoded by OUT's extension as a baseline JPEG or as a \
            lossy 8-bit 4:2:0 HEVC HEIC (quality 90), as does a JPEG without aux images when OUT \
            ends in .heic or .heif (and whose Exif Orientation, if any, is 1).

            Refused with exit 2, before anything is written: a map whose aspect ratio is not the \
            photo's, a matte with no depth or disparity, a pixel format not allowed for the kind.
            """)

    @Option(help: "The photo (JPEG or HEIC), or a PNG or binary PPM (P6) to encode as a new primary in OUT's container (.jpg/.jpeg or .heic/.heif).")
    var image: String
    @Option(help: "A depth map (metres, or gray with --znear/--zfar).") var depth: String?
    @Option(help: "A disparity map (1/metres, or gray with --znear/--zfar).") var disparity: String?
    // .unconditional: `--znear -1` is a value (refused with its reason), not a missing one.
    @Option(parsing: .unconditional, help: "Distance of gray 0, in metres.") var znear: Double?
    @Option(parsing: .unconditional, help: "Distance of gray 1, in metres.") var zfar: Double?
    @Option(help: "Native pixel format: hdis, fdis (disparity), hdep, fdep (depth).") var format: String?
    @Option(help: "A portrait effects matte (gray PGM or PNG, or a float map of 0...1).") var matte: String?
    @Option(help: ArgumentHelp("A semantic segmentation matte, KIND=MAP with KIND hair, skin, teeth, glasses or sky (repeatable).",
                               valueName: "kind=map"))
    var semantic: [String] = []
    @Flag(help: "The maps are in the photo's display frame: turn them into its stored frame (Exif Orientation, irot/imir).")
    var orient = false
    @Option(help: "Quality (1-100) of a new primary encoded from a PNG, a PPM or a plain JPEG (default 90, as heif-enc -q 90).")
    var quality: Int = PrimaryEncoder.defaultQuality
    @Flag(help: "Replace the depth or disparity (and mattes) the photo already has.") var replace = false
    @Flag(help: "Replace OUT when it exists.") var force = false
    @Option(name: [.short, .customLong("output")], help: "The photo to write (- for standard output).") var output: String
    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
        for (name, value) in [("--znear", znear), ("--zfar", zfar)] {
            guard let v = value else { continue }
            guard v.isFinite, v > 0 else { throw ValidationError("\(name) \(NumberText.short(v)): a distance in metres must be above 0") }
        }
        if let n = znear, let f = zfar, f <= n { throw ValidationError("--zfar \(NumberText.short(f)) must be farther than --znear \(NumberText.short(n))") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality \(quality): give 1 to 100") }
    }

    func run() throws {
        let semantics = try semantic.map { arg throws(CommandFailure) -> (SemanticMatteType, String) in
            guard let eq = arg.firstIndex(of: "="), let kind = SemanticMatteType(rawValue: String(arg[..<eq])),
                  arg.index(after: eq) < arg.endIndex else {
                throw CommandFailure(Exit.usage, "--semantic \(arg): give KIND=MAP, KIND one of "
                                     + SemanticMatteType.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return (kind, String(arg[arg.index(after: eq)...]))
        }
        let semanticKinds = semantics.map(\.0)
        if Set(semanticKinds).count != semanticKinds.count {
            throw CommandFailure(Exit.usage, "--semantic names a kind twice")
        }
        let maps = [depth, disparity, matte].compactMap { $0 } + semantics.map(\.1)
        let target = try PhotoOutput.prepare(output, inputs: [image] + maps, noClobber: !force)
        if depth != nil && disparity != nil { throw CommandFailure(Exit.usage, "give --depth or --disparity, not both") }
        guard depth != nil || disparity != nil || matte != nil || !semantics.isEmpty else {
            throw CommandFailure(Exit.usage, "nothing to embed: give --depth, --disparity, --matte or --semantic")
        }
        let (bytes, encoded) = try photoToEdit(WholeFileInput.read(image))
        let photo: DepthPhoto
        let limits = limitOptions.limits
        do { photo = try PhotoReader.read(bytes, limits: limits) } catch { throw CommandFailure(Exit.unreadable, "\(image): \(error)") }
        let (pw, ph) = (photo.primary.width, photo.primary.height)
        // A map never outgrows its photo: its header is refused before its samples are read.
        let mapPixels = min(limits.maxPixels, (pw *? ph) ?? limits.maxPixels)
        let steps = orient ? MapOrientation.primarySteps(in: photo) : []
        // The photo as shown: a quarter turn in its orientation swaps its sides.
        let turns = MapOrientation.primarySteps(in: photo).filter(\.swapsAxes).count % 2 == 1
        let displayed = turns ? (ph, pw) : (pw, ph)

        var adding: [AuxMap] = []
        var removing: [Int] = []
        // A GDepth depth map counts: `--replace` takes it out of the primary's XMP.
        let existingDepth = photo.auxImages.filter { $0.kind.isDepthLike }
        if let path = depth ?? disparity {
            let kind: AuxKind = depth != nil ? .depth : .disparity
            let f = try pixelFormat(for: kind)
            let file = try readMap(path, undoing: steps, maxPixels: mapPixels, photo: (pw, ph))
            guard EmbedRefusal.aspectMatches(file.width, file.height, pw, ph) else {
                throw EmbedRefusal.refuse("geometry.aux.aspect-mismatch", EmbedRefusal.aspectMessage(
                    path, file.width, file.height, photo: pw, ph, displayed: displayed, orient: orient))
            }
            let container = PhotoReader.container(of: bytes) ?? .jpeg
            // A gray map's distances are worked out in Double; a map of values is stored as read.
            func stored<V: BinaryFloatingPoint>(_ values: [V]) throws(CommandFailure) -> AuxMap {
                if let problem = MapValueProblem.ofDepthValues(values, width: file.width, kind: kind, container: container) {
                    throw Self.refusal(problem, path)
                }
                guard let map = AuxMap.quantising(values, width: file.width, height: file.height, kind: kind, format: f) else {
                    throw CommandFailure(Exit.usage, "\(path): the map has values that are not finite")
                }
                return map
            }
            let map = try grayDistances(file, kind: kind, path: path).map { d throws(CommandFailure) in try stored(d) }
                ?? stored(file.values)
            if !existingDepth.isEmpty {
                guard replace else {
                    throw CommandFailure(Exit.usage, "\(image) already has \(existingDepth.map { $0.auxType == "GDepth" ? "\($0.kind.rawValue) (GDepth XMP)" : $0.kind.rawValue }.joined(separator: ", ")); use --replace")
                }
                removing += existingDepth.map(\.index)
            }
            adding.append(map)
        }
        let mattes: [(String, AuxKind, SemanticMatteType?)] = (matte.map { [($0, AuxKind.portraitEffectsMatte, nil)] } ?? [])
            + semantics.map { ($0.1, AuxKind.semanticMatte, $0.0) }
        for (path, kind, semanticType) in mattes {
            let name = semanticType.map { "a \($0.rawValue) semantic matte" } ?? "a portrait effects matte"
            guard !adding.isEmpty || !existingDepth.isEmpty else {
                throw EmbedRefusal.refuse("matte.requires-depth",
                                          "\(name) needs a depth or disparity image on the same photo; give --depth or --disparity")
            }
            let file = try readMap(path, undoing: steps, maxPixels: mapPixels, photo: (pw, ph))
            guard EmbedRefusal.aspectMatches(file.width, file.height, pw, ph) else {
                throw EmbedRefusal.refuse("matte.aspect-mismatch", EmbedRefusal.aspectMessage(
                    path, file.width, file.height, photo: pw, ph, displayed: displayed, orient: orient))
            }
            let existing = photo.auxImages.filter { $0.kind == kind && $0.semanticMatte == semanticType }
            if !existing.isEmpty {
                guard replace else { throw CommandFailure(Exit.usage, "\(image) already has \(name); use --replace") }
                removing += existing.map(\.index)
            }
            if let problem = MapValueProblem.ofMatteValues(file.values, width: file.width) {
                throw Self.refusal(problem, path)
            }
            let samples = file.values.map { UInt8(max(0, min(255, (Double($0) * 255).rounded()))) }
            adding.append(AuxMap(kind: kind, semanticMatte: semanticType, width: file.width, height: file.height,
                                 samples: samples, nativeFormat: PixelFormat.L008))
        }
        let written: [UInt8]
        do {
            written = try AuxEmbedder.edit(bytes, removing: removing, adding: adding, limits: limits)
        } catch {
            throw RewriteFailure.of(error, input: image, output: output)
        }
        try WrittenPhotoGate.admit(written, as: output, limits: limits)
        try target.write(written)
        let names = adding.map { m in "\(m.semanticMatte.map { "\($0.rawValue) matte" } ?? m.kind.rawValue) \(m.width)x\(m.height)" }
        let primary = encoded.map { " into a new \(pw)x\(ph) primary from the \($0.rawValue)" } ?? ""
        try target.say("\(target.name): \(names.joined(separator: ", ")) embedded\(primary)\n")
    }

    /// A map whose values cannot be stored: exit 2, with the rule the photo would break.
    static func refusal(_ problem: MapValueProblem, _ path: String) -> CommandFailure {
        guard let rule = problem.rule else { return CommandFailure(Exit.usage, "refused: \(path): \(problem.message)") }
        return EmbedRefusal.refuse(rule, "\(path): \(problem.message)")
    }

    /// The container OUT's name asks for: .jpg/.jpeg or .heic/.heif (any case); nil for others.
    static func container(named path: String) -> ContainerKind? {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        if name.hasSuffix(".jpg") || name.hasSuffix(".jpeg") { return .jpeg }
        if name.hasSuffix(".heic") || name.hasSuffix(".heif") { return .heif }
        return nil
    }

    /// The photo the maps go into: IN itself when it is a JPEG or HEIC and OUT names its
    /// container (or none); otherwise IN's pixels (a PNG, a binary PPM, or a JPEG without aux
    /// images going to a HEIC) encoded as a new primary in the container OUT names, with the
    /// format it was read from.
    func photoToEdit(_ bytes: [UInt8]) throws(CommandFailure) -> ([UInt8], PhotoPixels.Format?) {
        let wanted = Self.container(named: output)
        let existing = PhotoReader.container(of: bytes)
        if let existing, wanted == nil || wanted == existing { return (bytes, nil) }
        if existing == .heif {
            throw CommandFailure(Exit.usage, "\(image) is a HEIF file: embed writes it as one; give -o ending in .heic or .heif")
        }
        guard let format = PhotoPixels.format(of: bytes) else {
            throw CommandFailure(Exit.unreadable, "\(image): not a JPEG, HEIC, PNG or binary PPM (P6) file")
        }
        guard let wanted else {
            throw CommandFailure(Exit.usage, "\(image) is a \(format.rawValue): give -o ending in .jpg, .jpeg, .heic or .heif to encode it as a new photo")
        }
        if format == .jpeg {
            // Neither a JPEG's aux images nor its Exif Orientation would come along into the new HEIC.
            let photo: DepthPhoto
            do { photo = try PhotoReader.read(bytes) } catch { throw CommandFailure(Exit.unreadable, "\(image): \(error)") }
            if !photo.auxImages.isEmpty {
                throw CommandFailure(Exit.usage, "\(image) has aux images (\(photo.auxImages.map(\.kind.rawValue).joined(separator: ", "))), which a new HEIC would not keep; strip them first or write a JPEG")
            }
            if let o = photo.primary.orientation, o != 1 {
                throw CommandFailure(Exit.usage, "\(image) has Exif Orientation \(o), which a new HEIC would not keep; write a JPEG")
            }
        }
        let pixels: PhotoPixels
        do { pixels = try PhotoPixels(parsing: bytes, limits: limitOptions.limits) } catch { throw CommandFailure(Exit.unreadable, "\(image): \(error)") }
        // A 12-megapixel HEVC encode takes seconds: say so on a terminal, then clear the line.
        let progress = Terminal.stderrIsTTY && wanted == .heif
        if progress { Terminal.writeStderrRaw("encoding \(pixels.width)×\(pixels.height) as HEIC (quality \(quality))…") }
        defer { if progress { Terminal.writeStderrRaw(BatchRunner.clearLine) } }
        do {
            return (wanted == .heif ? try PrimaryEncoder.heic(pixels, quality: quality)
                                    : try PrimaryEncoder.jpeg(pixels, quality: quality), format)
        } catch {
            throw CommandFailure(Exit.internalError, "cannot encode \(image) as a new primary: \(error)")
        }
    }

    /// --format, checked against the kind (`dictionary.pixel-format.not-allowed`,
    /// `dictionary.pixel-format.kind-mismatch`); hdis for disparity and hdep for depth by default.
    func pixelFormat(for kind: AuxKind) throws(CommandFailure) -> FourCC {
        guard let name = format else { return kind == .depth ? PixelFormat.hdep : PixelFormat.hdis }
        let f = FourCC(string: name)
        guard name.utf8.count == 4, PixelFormat.depthFormats.contains(f) else {
            throw EmbedRefusal.refuse("dictionary.pixel-format.not-allowed", "\(name) is not hdis, fdis, hdep or fdep")
        }
        if kind == .depth ? !PixelFormat.isDepth(f) : !PixelFormat.isDisparity(f) {
            throw EmbedRefusal.refuse("dictionary.pixel-format.kind-mismatch",
                                      "\(name) is a \(PixelFormat.isDepth(f) ? "depth" : "disparity") format; this map is \(kind.rawValue)")
        }
        return f
    }

    /// The map at `path`, brought from the display frame into the stored frame when `steps`
    /// (the primary's orientation, with --orient) are given.
    func readMap(_ path: String, undoing steps: [MapOrientation], maxPixels: Int,
                 photo: (width: Int, height: Int)) throws(CommandFailure) -> MapFile {
        let bytes = try WholeFileInput.read(path)
        let file: MapFile
        do { file = try MapFile(parsing: bytes, maxPixels: maxPixels) } catch {
            if error.code == .limitExceeded {
                throw CommandFailure(Exit.usage, "refused: \(path): \(error.detail); a map may have no more pixels than its photo (\(photo.width)x\(photo.height)) or --max-pixels")
            }
            throw CommandFailure(Exit.usage, "\(path): \(error)")
        }
        let m = MapOrientation.storedFrame(of: file.values, width: file.width, height: file.height, undoing: steps)
        return MapFile(width: m.width, height: m.height, values: m.samples, isNormalisedGray: file.isNormalisedGray)
    }

    /// A gray map's values as metres for depth, 1/metres for disparity: gray spans zNear (0) to
    /// zFar (1) in depth. Computed in Double, as the map's range ends are rounded outwards
    /// from them; nil for a float map, whose values are metres or 1/metres already.
    func grayDistances(_ file: MapFile, kind: AuxKind, path: String) throws(CommandFailure) -> [Double]? {
        guard file.isNormalisedGray else { return nil }
        guard let n = znear, let f = zfar, n > 0, f > n else {
            throw CommandFailure(Exit.usage, "\(path) is a gray map: give --znear and --zfar (0 < znear < zfar, metres)")
        }
        return file.values.map { g in
            let d = n + Double(g) * (f - n)
            return kind == .depth ? d : 1 / d
        }
    }
}
