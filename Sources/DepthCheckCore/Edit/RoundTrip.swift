import AuxData
import Container

/// A photo read, written again in memory by the writer, and read again: every difference in
/// the model, the coded bytes and the decoded samples of every aux image. No image is
/// re-encoded.
package struct RoundTrip: Sendable {
    /// The photo as written again.
    package let written: [UInt8]
    /// Each difference, in words; empty when the photo read again is the same photo.
    package let differences: [String]
    /// Aux images whose samples decoded equal from both readings.
    package let equalSamples: Int
    /// Aux images that could not be decoded, each in words.
    package let undecoded: [String]
    /// Aux images the photo has.
    package let auxImageCount: Int
    /// How the input is cut short (a box or an item's data runs past its end), when it is:
    /// the rewrite copies what is there, and what is missing stays missing.
    package let cutShort: String?
    let before: ParsedPhoto
    let name: String
    let limits: ReadLimits

    /// Reads `bytes` (named `name` in messages), rewrites them and reads the result.
    package init(bytes: [UInt8], name: String, limits: ReadLimits = .default) throws(DepthCheckError) {
        self.name = name
        self.limits = limits
        let after: ParsedPhoto
        // What cannot be read, before or after, and what the writer refuses are both reported
        // as the file's: the rewrite is of its bytes.
        do throws(WriteError) {
            before = try WriteError.reading(try PhotoReader.read(bytes, limits: limits.parse))
            written = try PhotoWriter.rewrite(bytes, limits: limits.parse)
            after = try WriteError.reading(try PhotoReader.read(written, limits: limits.parse))
        } catch {
            throw DepthCheckError.unreadable(message: error.message, offset: error.offset, path: error.path)
        }
        let samples = RewriteDifferences.decodedSamples(before, bytes, after, written, limits: limits.parse)
        differences = RewriteDifferences.differences(before, bytes, after, written) + samples.differences
        equalSamples = samples.equal
        undecoded = samples.undecoded
        auxImageCount = before.auxImages.count
        cutShort = PhotoWriter.cutShort(bytes, limits: limits.parse)
        repairedFrom = bytes
    }

    private let repairedFrom: [UInt8]

    /// The rules with findings on the input and none on the written photo, sorted.
    package var repairedRules: [String] {
        var request = CheckRequest()
        request.limits = limits
        func failing(_ bytes: [UInt8]) -> Set<String> {
            Set(request.check(bytes: bytes, path: name).findings.map(\.rule.rawValue))
        }
        return failing(repairedFrom).subtracting(failing(written)).sorted()
    }

    /// Refuses the written photo as `output` would be refused for an embed: an input whose
    /// Extended XMP is broken, or a result its own check would fail.
    package func requireWritable(as output: String) throws(DepthCheckError) {
        try PhotoEditor.requireIntactExtendedXMP(before.issues, name: name)
        try PhotoEditor.admit(written, as: output, limits: limits.parse)
    }
}
