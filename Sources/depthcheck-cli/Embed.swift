import ArgumentParser
import DepthCheckCore

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

            With --layout dynamic-depth the depth goes into a JPEG as Android writes a DEPTH_JPEG \
            (Google Dynamic Depth 1.0): 8-bit RangeInverse (or --range linear) over the map's own \
            near and far, a gray JPEG item after the primary with a full-confidence map beside \
            it, and the Device description in the primary's XMP. With --layout gdepth it goes in \
            as Lens Blur writes it: an 8-bit PNG in the primary's Extended XMP (GDepth). Neither \
            holds a matte.

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
    @Option(help: "Native pixel format: hdis, fdis (disparity), hdep, fdep (depth).") var format: PixelFormat?
    @Option(help: "A portrait effects matte (gray PGM or PNG, a uint8 or uint16 npy of gray levels, or a float map of 0...1).") var matte: String?
    @Option(help: ArgumentHelp("A semantic segmentation matte, KIND=MAP with KIND hair, skin, teeth, glasses or sky (repeatable).",
                               valueName: "kind=map"))
    var semantic: [String] = []
    @Flag(help: "The maps are in the photo's display frame: turn them into its stored frame (Exif Orientation, irot/imir).")
    var orient = false
    @Option(help: "Quality (1-100) of a new primary encoded from a PNG, a PPM or a plain JPEG (default 90, as heif-enc -q 90).")
    var quality: Int = EmbedRequest.defaultQuality
    @Option(help: ArgumentHelp("How depth is laid out: apple (an aux image with Apple's XMP), dynamic-depth (Google Dynamic Depth 1.0, as Android writes it) or gdepth (Google GDepth, as Lens Blur writes it); the Google layouts write JPEG files.",
                               valueName: "layout"))
    var layout: DepthLayout = .apple
    @Option(help: ArgumentHelp("How the dynamic-depth and gdepth layouts quantise depth: inverse (RangeInverse) or linear (RangeLinear).",
                               valueName: "format"))
    var range: DepthRangeFormat?
    @Flag(help: "Replace the depth or disparity (and mattes) the photo already has; the camera calibration of a replaced map is kept beside the new one.") var replace = false
    @Flag(name: .customLong("drop-calibration"), help: "With --replace, leave out the camera calibration (intrinsics, extrinsics, lens distortion) of the map replaced.")
    var dropCalibration = false
    @Flag(help: "Replace OUT when it exists.") var force = false
    @Option(name: [.short, .customLong("output")], help: "The photo to write (- for standard output).") var output: String
    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
        for (name, value) in [("--znear", znear), ("--zfar", zfar)] {
            guard let v = value else { continue }
            guard v.isFinite, v > 0 else { throw ValidationError("\(name) \(EmbedRequest.distanceText(v)): a distance in metres must be above 0") }
        }
        if let n = znear, let f = zfar, f <= n { throw ValidationError("--zfar \(EmbedRequest.distanceText(f)) must be farther than --znear \(EmbedRequest.distanceText(n))") }
        guard (1...100).contains(quality) else { throw ValidationError("--quality \(quality): give 1 to 100") }
        if range != nil, layout == .apple {
            throw ValidationError("--range is for --layout dynamic-depth and gdepth; the apple layout stores depth linearly over its range")
        }
    }

    func run() throws {
        let semantics = try semantic.map { arg throws(CommandFailure) -> (kind: SemanticMatte, source: EmbedSource) in
            guard let eq = arg.firstIndex(of: "="), let kind = SemanticMatte(rawValue: String(arg[..<eq])),
                  arg.index(after: eq) < arg.endIndex else {
                throw CommandFailure(Exit.usage, "--semantic \(arg): give KIND=MAP, KIND one of "
                                     + SemanticMatte.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return (kind, .file(String(arg[arg.index(after: eq)...])))
        }
        let semanticKinds = semantics.map(\.kind)
        if Set(semanticKinds).count != semanticKinds.count {
            throw CommandFailure(Exit.usage, "--semantic names a kind twice")
        }
        let maps = [depth, disparity, matte].compactMap { $0 } + semantics.compactMap { if case .file(let p) = $0.source { p } else { nil } }
        let target = try PhotoOutput.prepare(output, inputs: [image] + maps, noClobber: !force)
        if depth != nil && disparity != nil { throw CommandFailure(Exit.usage, "give --depth or --disparity, not both") }
        guard depth != nil || disparity != nil || matte != nil || !semantics.isEmpty else {
            throw CommandFailure(Exit.usage, "nothing to embed: give --depth, --disparity, --matte or --semantic")
        }
        let input = try WholeFileInput.read(image)
        // A 12-megapixel HEVC encode takes seconds: say so on a terminal, then clear the line.
        var progress = false
        defer { if progress { Terminal.writeStderrRaw(BatchRunner.clearLine) } }
        let request = EmbedRequest(
            distance: (depth ?? disparity).map { (.file($0), depth != nil ? .depth : .disparity) },
            zNear: znear, zFar: zfar, pixelFormat: format, portraitMatte: matte.map(EmbedSource.file),
            semanticMattes: semantics, replacing: replace, keepingCalibration: !dropCalibration, layout: layout,
            rangeFormat: range ?? .inverse,
            hints: EmbedRequest.Hints(replace: "use --replace", grayDistances: "give --znear and --zfar",
                                      matteNeedsDepth: "give --depth or --disparity"))
        let written: (bytes: [UInt8], added: [String])
        let editor: PhotoEditor
        do {
            editor = try PhotoEditor(input: input, name: PathText.display(image), output: output, quality: quality, orient: orient,
                                     limits: limitOptions.limits) { w, h, container in
                guard Terminal.stderrIsTTY, container == .heif else { return }
                progress = true
                Terminal.writeStderrRaw("encoding \(w)×\(h) as HEIC (quality \(quality))…")
            }
            if progress { Terminal.writeStderrRaw(BatchRunner.clearLine); progress = false }
            written = try editor.embedding(request, output: output)
        } catch {
            throw CommandFailure(error)
        }
        try target.requireExtension(for: PhotoFile.container(of: written.bytes))
        try target.write(written.bytes)
        let (pw, ph) = editor.primarySize
        let primary = editor.encodedFrom.map { " into a new \(pw)x\(ph) primary from the \($0)" } ?? ""
        target.say("\(target.name): \(written.added.joined(separator: ", ")) embedded\(primary)\n")
    }
}

// Parsed once, by the option parser, into the library's own values.
extension DepthLayout: ExpressibleByArgument {}
extension DepthRangeFormat: ExpressibleByArgument {}
/// Any four characters: the library refuses a format the map's kind does not allow, naming the
/// rule it would break.
extension PixelFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
