import ArgumentParser
import AuxData

/// `depthcheck strip`: remove aux images from a JPEG or HEIC, keeping every other byte's
/// meaning and the primary's coded data.
struct Strip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove aux images (by kind, by index, or all) from a JPEG or HEIC photo.")

    @Argument(help: "The photo.") var file: String
    @Option(help: "depth (depth or disparity, as extract --aux depth takes them), disparity, matte, gainmap, alpha or unknown.")
    var aux: String?
    @Option(help: "The aux image's index (MPF entry number or HEIF item ID, as info shows).") var index: Int?
    @Flag(help: "Remove every aux image.") var all = false
    @Flag(help: "Replace OUT when it exists.") var force = false
    @Option(name: [.short, .customLong("output")], help: "The photo to write (- for standard output).") var output: String

    func run() throws {
        let target = try PhotoOutput.prepare(output, inputs: [file], noClobber: !force)
        guard [aux != nil, index != nil, all].filter({ $0 }).count == 1 else {
            throw CommandFailure(Exit.usage, "give one of --aux KIND, --index N, --all")
        }
        let bytes = try WholeFileInput.read(file)
        try target.requireExtension(for: PhotoReader.container(of: bytes))
        let photo: DepthPhoto
        do { photo = try PhotoReader.read(bytes) } catch { throw CommandFailure(Exit.unreadable, "\(file): \(error)") }
        // A GDepth depth map (index 0, XMP of the primary) is removed like any other: the
        // writer takes its properties out of the primary's XMP and Extended XMP.
        let removable = photo.auxImages
        let chosen: [AuxImage]
        if all {
            chosen = removable
        } else if let index {
            chosen = removable.filter { $0.index == index }
        } else {
            let kinds: Set<AuxKind>
            switch aux {
            // Apple cameras store disparity: stripping "depth" for privacy must take it too.
            case "depth": kinds = [.depth, .disparity]
            case "matte": kinds = [.portraitEffectsMatte, .semanticMatte]
            case "gainmap": kinds = [.hdrGainMap]
            default:
                guard let k = aux.flatMap(AuxKind.init(rawValue:)) else {
                    throw CommandFailure(Exit.usage, "--aux \(aux ?? ""): not one of depth, disparity, matte, gainmap, alpha, unknown")
                }
                kinds = [k]
            }
            chosen = removable.filter { kinds.contains($0.kind) }
        }
        guard !chosen.isEmpty else {
            // A file cut short or damaged may hold the image asked for where it cannot be read:
            // that is an input that cannot be read (exit 3), not a wrong request.
            if let problem = photo.issues.first {
                throw CommandFailure(Exit.unreadable, "\(file) has no such aux image that can be read: \(problem); nothing written")
            }
            // The same exit as extract's and check --require's for a missing aux image.
            let have = removable.map { "\($0.index) (\($0.kind.rawValue))" }.joined(separator: ", ")
            let what = index.map { "aux image \($0)" } ?? "\(aux ?? "such") aux image"
            throw CommandFailure(Exit.findings, "\(file) has no \(what)" + (have.isEmpty ? "" : "; it has \(have)") + "; nothing written")
        }
        let left = removable.filter { a in !chosen.contains { $0.index == a.index } }
        if left.contains(where: { $0.kind.isMatte }), !left.contains(where: { $0.kind.isDepthLike }) {
            throw EmbedRefusal.refuse("matte.requires-depth", "removing it leaves a matte without depth or disparity; strip the mattes too")
        }
        let written: [UInt8]
        do {
            written = try AuxEmbedder.edit(bytes, removing: chosen.map(\.index), adding: [])
        } catch {
            throw RewriteFailure.of(error, input: file, output: output)
        }
        try WrittenPhotoGate.admit(written, as: output)
        try target.write(written)
        try target.say("\(target.name): removed \(chosen.map { "\($0.kind.rawValue) [\($0.index)]" }.joined(separator: ", "))\n")
    }
}
