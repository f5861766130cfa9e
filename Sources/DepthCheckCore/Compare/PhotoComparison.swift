/// What an export kept of an original photo's aux images: one verdict for the pair and one
/// entry per aux image (``AuxImageComparison``), as `DepthPhoto.compare(to:tolerance:)` makes it.
public struct PhotoComparison: Sendable, Hashable {
    /// The pair's verdict, the worst of its aux images' changes.
    public enum Verdict: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Every aux image of the original kept.
        case ok
        /// An aux image of the original is not in the export.
        case stripped
        /// An aux image's values or geometry changed beyond the tolerance.
        case changed
        /// The export declares an aux image it has no data for.
        case orphaned
        /// Everything kept, and the export has aux images the original has not.
        case added
        /// The pair cannot be judged: the export is cut short or its structure cannot be read
        /// (``PhotoComparison/damage``), or a map of the original does not decode.
        case error

        /// The case name: `ok`, `stripped`.
        public var description: String { rawValue }
    }

    /// The worst of the aux images' changes.
    public let verdict: Verdict
    /// The original's aux images in their order, then those only the export has.
    public let auxImages: [AuxImageComparison]
    /// Why the export cannot be read whole, a line each (`check`'s finding on bytes cut off
    /// or unreadable that the original does not have); empty when it can.
    public let damage: [String]

    init(auxImages: [AuxImageComparison], damage: [String] = []) {
        self.auxImages = auxImages
        self.damage = damage
        let changes = auxImages.map(\.change)
        if !damage.isEmpty || changes.contains(.undecodable) {
            verdict = .error
        } else if changes.contains(.lost) {
            verdict = .stripped
        } else if changes.contains(.orphaned) {
            verdict = .orphaned
        } else if changes.contains(.changed) {
            verdict = .changed
        } else if changes.contains(.added) {
            verdict = .added
        } else {
            verdict = .ok
        }
    }
}
