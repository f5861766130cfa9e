import AuxData
import Container
import Validator

extension PhotoEditor {
    /// The photo without the aux images `selection` chooses (their bytes leave the file),
    /// written as `output` (a name for messages); also what was removed (`disparity [2]`). A GDepth depth map
    /// (index 0, in the primary's XMP) is removed like any other: its properties leave the
    /// primary's XMP and Extended XMP.
    ///
    /// Refused when nothing is chosen (`unreadable` when the file holds problems that may
    /// hide the image asked for), when a matte would be left without depth, and for any
    /// result with an error under `check --pixels`.
    public func removing(_ selection: AuxSelection, output: String = "the result") throws(DepthCheckError) -> (bytes: [UInt8], removed: [String]) {
        let chosen = selection.chosen(in: photo)
        guard !chosen.isEmpty else {
            // A file cut short or damaged may hold the image asked for where it cannot be read:
            // that is an input that cannot be read, not a wrong request.
            if let problem = photo.issues.first {
                throw .unreadable(message: "\(name) has no such aux image that can be read: \(problem); nothing written", offset: nil, path: "")
            }
            throw .noSuchAuxImage(message: selection.nothingChosen(in: photo, file: name) + "; nothing written")
        }
        return try removing(chosen.map(\.index), output: output)
    }

    /// The photo without the aux images of these indexes, as ``removing(_:output:)-(AuxSelection,_)``
    /// writes it once they are chosen.
    public func removing(_ indexes: [Int], output: String = "the result") throws(DepthCheckError) -> (bytes: [UInt8], removed: [String]) {
        // Dynamic Depth finds its maps through one Directory: a depth map and its confidence
        // map leave together.
        let dynamicDepth = photo.auxImages.filter(\.isDynamicDepth).map(\.index)
        let all = dynamicDepth.contains(where: indexes.contains) ? indexes + dynamicDepth : indexes
        let chosen = photo.auxImages.filter { all.contains($0.index) }.sorted { $0.index < $1.index }
        if let (rule, message) = AuxSelection.removalProblem(chosen, from: photo) {
            throw .refused(rule: rule, message: message)
        }
        let written = try writing(removing: chosen.map(\.index), adding: [], output: output)
        return (written, chosen.map { "\($0.kind.rawValue) [\($0.index)]" })
    }

    /// The edit, written and then checked as `check --pixels` would: a result with an error
    /// is refused, never handed out. What a writer's error means: a map the encoder cannot
    /// store as asked is a wrong request; a removal the input makes impossible (an entity
    /// group lists the item, its data is outside mdat) is refused; a failure of an encoder
    /// or a field that overflows is depthcheck's own; anything else is an input whose bytes
    /// cannot be rewritten (cut short, an image with no end, a part the writer cannot read
    /// and will not drop).
    func writing(removing: [Int], adding: [AuxMap], google: GoogleDepthEmbedding? = nil,
                 output: String) throws(DepthCheckError) -> [UInt8] {
        try requireIntactExtendedXMP()
        let out: [UInt8]
        do { out = try AuxEmbedder.edit(bytes, removing: removing, adding: adding, google: google, limits: limits) } catch {
            switch error.reason {
            case .mapSizeUnsupported: throw .invalidRequest(message: "cannot write \(output): \(error)")
            case .cannotRemove, .cannotAdd: throw .refused(rule: nil, message: "\(error); nothing written")
            case .notAnImage, .fieldOverflow, .input(.arithmeticOverflow): throw .failed(message: "cannot write \(output): \(error)")
            default: throw .unreadable(message: "\(name) cannot be rewritten: \(error); nothing written", offset: nil, path: "")
            }
        }
        try Self.admit(out, as: output, limits: limits)
        return out
    }

    /// The reader problems that say an Extended XMP packet is not the packet its GUID names
    /// (Adobe XMP Specification Part 3 §1.1.3.1: the GUID is the MD5 of the whole packet, and
    /// the chunks cover it exactly once).
    static let damagedExtendedXMP: [ParseError.Code] = [
        .extendedXMPHeaderTruncated, .extendedXMPFullLengthMismatch, .extendedXMPGap, .extendedXMPOverlap,
        .extendedXMPChunkPastEnd, .extendedXMPMD5Mismatch, .extendedXMPGUIDMismatch,
    ]

    /// Refuses a photo whose Extended XMP no longer matches its GUID. A writer that takes
    /// anything out of the packet, or writes it again, seals it under the MD5 of its new bytes:
    /// the damaged packet (a GDepth map with a flipped bit) would pass every check afterwards,
    /// and the one sign that it was damaged would be gone.
    func requireIntactExtendedXMP() throws(DepthCheckError) {
        try Self.requireIntactExtendedXMP(photo.issues, name: name)
    }

    /// `requireIntactExtendedXMP()` for a photo read with these reader problems.
    package static func requireIntactExtendedXMP(_ issues: [ParseError], name: String) throws(DepthCheckError) {
        guard let damaged = issues.first(where: { damagedExtendedXMP.contains($0.code) }) else { return }
        throw .unreadable(message: "\(name): \(damaged.message); a rewrite would seal the damaged Extended XMP under a new GUID; nothing written",
                          offset: damaged.offset, path: damaged.path)
    }

    /// Refuses bytes about to be written that `check --pixels` finds an error in.
    package static func admit(_ bytes: [UInt8], as output: String, limits: ParseLimits = .default) throws(DepthCheckError) {
        let errors = WrittenPhotoCheck.errors(in: bytes, path: output, limits: limits)
        guard errors.isEmpty else { throw .wouldFailCheck(findings: errors.map(Finding.init)) }
    }
}
