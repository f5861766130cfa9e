import ArgumentParser
import AuxData

/// Which aux image `extract` takes: `depth` takes depth or disparity (as `--require depth`
/// does), `matte` any portrait or semantic matte.
enum ExtractAux: String, ExpressibleByArgument, CaseIterable {
    case depth, disparity, matte, gainmap, alpha

    func matches(_ kind: AuxKind) -> Bool {
        switch self {
        case .depth: return kind.isDepthLike
        case .disparity: return kind == .disparity
        case .matte: return kind.isMatte
        case .gainmap: return kind == .hdrGainMap
        case .alpha: return kind == .alpha
        }
    }
}

/// What the written numbers are: the decoded integers, or values in the file's own unit,
/// in metres, or in 1/m.
enum ExtractValues: String, ExpressibleByArgument, CaseIterable {
    case stored, native, depth, disparity
}

enum ExtractType: String, ExpressibleByArgument, CaseIterable {
    case f16, f32
}

enum ExtractFormat: String, ExpressibleByArgument, CaseIterable {
    case pfm, npy, png, raw
}

struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an aux image's samples or values to a file (PFM, npy, PNG or raw).",
        discussion: """
            With several candidates the lowest index wins; --index picks another (an MPF entry \
            number or a HEIF item ID, as `info` shows). --all writes every aux image (of the \
            --aux kind, when given) into the folder OUT as <stem>.<index>.<kind>.<ext>.

            The output appears whole or not at all; an existing file is replaced only with --force.
            """)

    @Argument(help: "The photo to read.") var file: String
    @Option(help: "The aux image to take: depth (depth or disparity), disparity, matte, gainmap or alpha.")
    var aux: ExtractAux?
    @Option(help: "The aux image with this index.") var index: Int?
    @Flag(help: "Write every aux image into the folder OUT.") var all = false
    @Option(name: .customLong("as"), help: "stored (decoded integers), native (the file's own values), depth (m) or disparity (1/m).")
    var values: ExtractValues = .native
    @Option(help: "Float type of the values in npy and raw output: f16 or f32 (default: the aux image's native format).")
    var type: ExtractType?
    @Option(help: "pfm (Float32), npy, png (16-bit gray; 8/16-bit as stored with --as stored) or raw (with a .json description).")
    var format: ExtractFormat?
    @Flag(help: "Turn maps into the photo's display frame (Exif Orientation for JPEG, the item's irot/imir for HEIF).")
    var orient = false
    @Flag(help: "Replace an existing output file.") var force = false
    @Option(name: .shortAndLong, help: "The output file (- for standard output), or the folder with --all.")
    var output: String
    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
        if all && index != nil { throw ValidationError("--all and --index exclude each other") }
        if all && output == "-" { throw ValidationError("--all writes files into a folder, not to standard output") }
        let f = resolvedFormat
        if values == .stored && f == .pfm { throw ValidationError("PFM holds Float32 values: --as stored writes png, npy or raw") }
        if values == .stored && type != nil { throw ValidationError("--type sets the float type of values, not of stored samples") }
        if f == .pfm && type == .f16 { throw ValidationError("PFM holds Float32 only") }
        if f == .png && type != nil { throw ValidationError("PNG output is 16-bit gray: --type does not apply") }
    }

    /// --format, else the output's extension, else PFM.
    var resolvedFormat: ExtractFormat {
        if let format { return format }
        let name = OutputFile.lastComponent(of: output).lowercased()
        if let dot = name.lastIndex(of: "."), let f = ExtractFormat(rawValue: String(name[name.index(after: dot)...])) { return f }
        return .pfm
    }

    func run() throws {
        try ExtractRun(self).run()
    }
}
