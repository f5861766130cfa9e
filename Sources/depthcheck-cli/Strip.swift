import ArgumentParser
import DepthCheckCore

/// `depthcheck strip`: remove aux images from a JPEG or HEIC, keeping every other byte's
/// meaning and the primary's coded data.
struct Strip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove aux images (by kind, by index, or all) from a JPEG or HEIC photo.")

    @Argument(help: "The photo.") var file: String
    @Option(help: "depth (depth or disparity, as extract --aux depth takes them), disparity, matte, gainmap, alpha, view (another view of an MPO), original (a Dynamic Depth original) or unknown.")
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
        try target.requireExtension(for: PhotoFile.container(of: bytes))
        var selection = AuxSelection.all
        if let index {
            selection.index = index
        } else if let aux {
            guard let kind = AuxSelection.Kind(aux) else {
                throw CommandFailure(Exit.usage, "--aux \(aux): not one of \(AuxSelection.Kind.names.joined(separator: ", "))")
            }
            selection.kind = kind
        }
        let written: (bytes: [UInt8], removed: [String])
        do {
            written = try PhotoEditor(photo: bytes, name: PathText.display(file)).removing(selection, output: output)
        } catch {
            // A missing aux image is exit 1, as for extract and check --require.
            throw CommandFailure(error)
        }
        try target.write(written.bytes)
        target.say("\(target.name): removed \(written.removed.joined(separator: ", "))\n")
    }
}
