import ArgumentParser
import DepthCheckCore

/// `depthcheck roundtrip FILE [-o OUT]`: read, write in memory, read again, and print every
/// difference in the model, the coded bytes and the decoded samples of every aux image.
struct Roundtrip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read a photo, write it again in memory, read that, and report every difference.",
        discussion: """
            Compares the primary (size, orientation, transforms, coded bytes) and each aux image \
            (kind, type, size, aux data dictionary, value range, depth representation, XMP \
            metadata, geometry, coded bytes), then decodes every aux image from both readings and \
            compares the samples. No image is re-encoded. Exit 0 when nothing differs, 1 when \
            something does.

            With -o the re-serialised file is written (- for standard output; the report then goes \
            to standard error); it repairs what the writer lays out itself (MPF sizes and offsets, \
            zero padding after the last JPEG image). The rules that passed on the output and failed \
            on the input are listed as repaired. Nothing is written when the photo read again \
            differs, or when the written photo would fail check --pixels with an error (exit 2), \
            or when the photo is cut short (a box or an item's data runs past its end; exit 3).
            """)

    @Argument(help: "The photo to read.") var file: String
    @Option(name: [.short, .customLong("output")], help: "Write the re-serialised photo here (- for standard output).") var output: String?
    @Flag(help: "Replace OUT when it exists.") var force = false
    @OptionGroup var limitOptions: LimitOptions

    func run() throws {
        let target = try output.map { path throws(CommandFailure) in
            try PhotoOutput.prepare(path, inputs: [file], noClobber: !force)
        }
        let bytes = try WholeFileInput.read(file)
        try target?.requireExtension(for: PhotoFile.container(of: bytes))
        let trip: RoundTrip
        do { trip = try RoundTrip(bytes: bytes, name: PathText.display(file), limits: limitOptions.limits) } catch {
            throw CommandFailure(Exit.unreadable, "\(PathText.display(file)): \(error)")
        }
        // Without -o nothing is written to disk: the rewrite is made in memory.
        var text = "\(PathText.display(file)): read, rewritten in memory (\(trip.written.count) bytes) and read again\n"
        if let cut = trip.cutShort {
            // The rewrite copies what is there; what is missing stays missing.
            text += "  input \(cut); the bytes that are there are copied as they were\n"
        }
        if trip.differences.isEmpty {
            // What the reader sees is equal; the bytes that changed are the repairs listed below.
            text += "  same photo: model (dictionary, metadata, geometry) and every image's coded bytes are equal;"
                + " \(trip.equalSamples) of \(trip.auxImageCount) aux images decoded to equal samples\n"
        } else {
            text += trip.differences.map { "  differs: \($0)\n" }.joined()
        }
        text += trip.undecoded.map { "  not decoded: \($0)\n" }.joined()
        let repaired = trip.repairedRules
        if !repaired.isEmpty { text += "  repaired: \(repaired.joined(separator: ", "))\n" }
        if let target {
            if let cut = trip.cutShort {
                // A copy of a cut file is as cut as the file: writing it would pass for a repair.
                target.say(text)
                throw CommandFailure(Exit.unreadable, "\(PathText.display(file)) is \(cut); a rewrite would keep it so; nothing written")
            }
            if trip.differences.isEmpty {
                do { try trip.requireWritable(as: target.name) } catch { throw CommandFailure(error) }
                try target.write(trip.written)
                text += "  written to \(target.name)\n"
            } else {
                text += "  not written: the photo read again differs from \(PathText.display(file))\n"
            }
        }
        if let target { target.say(text) } else { try StandardOutput.write(text) }
        if !trip.differences.isEmpty { throw ExitCode(Exit.findings) }
    }
}
