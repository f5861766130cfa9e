import ArgumentParser
import DepthCheckCore

// The library's choices, as options.
extension MapNumbers: ExpressibleByArgument {}
extension MapFloatType: ExpressibleByArgument {}
extension MapFileFormat: ExpressibleByArgument {}

struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write an aux image's samples or values to a file (PFM, npy, PNG, TIFF or raw), or its coded data as stored.",
        discussion: """
            Without --aux or --index, the depth or disparity map (a file without one is refused, \
            with the list of what it has); --aux matte takes the portrait matte, or the only \
            semantic matte; otherwise the lowest index of the kind wins. --index picks any (an \
            MPF entry number or a HEIF item ID, as `info` shows). --all writes every aux image (of the \
            --aux kind, when given) into the folder OUT (made when missing) as \
            <stem>.<index>.<kind>.<ext>. The format is OUT's extension (.pfm, .npy, .png, .tif, \
            .tiff, .raw) unless --format names it; --format coded writes the coded data as stored.

            The output appears whole or not at all; an existing file is replaced only with --force.
            """)

    @Argument(help: "The photo to read.") var file: String
    @Option(help: ArgumentHelp("The aux image to take: depth (depth, disparity or a depth confidence map), disparity, confidence, matte (the portrait matte, or the only semantic matte), hair, skin, teeth, glasses, sky, gainmap, alpha, view (another view of an MPO), original (the capture a Dynamic Depth photo was edited from) or unknown. Without --aux or --index: the depth or disparity map.",
                               valueName: "kind"),
            transform: { name in
                guard let kind = AuxSelection.Kind(name) else {
                    throw ValidationError("--aux \(name): not one of \(AuxSelection.Kind.names.joined(separator: ", "))")
                }
                return kind
            })
    var aux: AuxSelection.Kind?
    @Option(help: "The aux image with this index.") var index: Int?
    @Flag(help: "Write every aux image into the folder OUT.") var all = false
    @Option(name: .customLong("as"), help: "stored (decoded integers), native (the file's own values), depth (m) or disparity (1/m).")
    var values: MapNumbers = .native
    @Option(help: "Float type of the values in npy and raw output: f16 or f32 (default: f32 for npy, whose mean of float16 overflows; the aux image's native format for raw).")
    var type: MapFloatType?
    @Option(help: "pfm (Float32), npy, png (16-bit gray; 8/16-bit as stored with --as stored), tiff (Float32, or the stored integers), raw (with a .json description) or coded (the coded JPEG, PNG, or a HEIF/AVIF of the item, as stored); default: OUT's extension.")
    var format: MapFileFormat?
    @Flag(help: "Turn maps into the photo's display frame (Exif Orientation for JPEG, the item's irot/imir for HEIF).")
    var orient = false
    @Flag(help: "Replace an existing output file.") var force = false
    @Option(name: .shortAndLong, help: "The output file (- for standard output), or the folder with --all.")
    var output: String
    @OptionGroup var limitOptions: LimitOptions

    func validate() throws {
        if all && index != nil { throw ValidationError("--all and --index exclude each other") }
        // The name says the format: a name that says another, or none depthcheck writes, is
        // a mistake to catch before anything is read.
        // A device (/dev/null, /dev/stdout) takes any format: its name says nothing.
        if !all, output != "-", format != .coded, Platform.status(output)?.kind != .other {
            switch (format, extensionFormat) {
            case (let f?, .known(let e)) where f != e:
                throw ValidationError("--format \(f.rawValue) but \(PathText.display(output)) is named .\(e.rawValue); make them agree")
            case (nil, .unknown(let ext)):
                throw ValidationError("\(PathText.display(output)): \(ext.isEmpty ? "no extension" : "unknown extension .\(ext)"); name it .pfm, .npy, .png, .tif or .raw, or give --format (--format coded writes the image as stored, a JPEG as a JPEG)")
            default: break
            }
        }
        if all && output == "-" { throw ValidationError("--all writes files into a folder, not to standard output") }
        let f = resolvedFormat
        if values == .stored && f == .pfm { throw ValidationError("PFM holds Float32 values: --as stored writes png, npy or raw") }
        if values == .stored && type != nil { throw ValidationError("--type sets the float type of values, not of stored samples") }
        if f == .pfm && type == .f16 { throw ValidationError("PFM holds Float32 only") }
        if f == .png && type != nil { throw ValidationError("PNG output is 16-bit gray: --type does not apply") }
        if f == .tiff && type == .f16 { throw ValidationError("TIFF output holds Float32 values (or the stored integers with --as stored)") }
        if f == .coded && (values != .native || type != nil || orient) {
            throw ValidationError("--format coded writes the coded data as stored: --as, --type and --orient do not apply")
        }
    }

    /// What the output's name says: a format depthcheck writes, or an extension it does not know.
    enum NamedFormat { case known(MapFileFormat), unknown(String) }

    var extensionFormat: NamedFormat {
        let name = OutputFile.lastComponent(of: output).lowercased()
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .unknown("") }
        let ext = String(name[name.index(after: dot)...])
        if ext == "tif" { return .known(.tiff) }
        return MapFileFormat(rawValue: ext).flatMap { $0 == .coded ? nil : $0 }.map(NamedFormat.known) ?? .unknown(ext)
    }

    /// --format, else the output's extension (checked by `validate`), else PFM (standard
    /// output, or a folder with --all).
    var resolvedFormat: MapFileFormat {
        if let format { return format }
        if !all, case .known(let f) = extensionFormat { return f }
        return .pfm
    }

    func run() throws {
        try ExtractRun(self).run()
    }
}
