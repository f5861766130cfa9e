import AuxData

/// One aux image of the original matched with the export's of the same kind (and semantic
/// type, and order within the kind), or found on one side only.
public struct AuxImageComparison: Sendable, Hashable {
    /// What became of the aux image.
    public enum Change: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// In both, its values within the tolerance and its geometry unchanged.
        case kept
        /// In the original, not in the export.
        case lost
        /// In the export, not in the original.
        case added
        /// In both, but its values beyond the tolerance, its geometry changed, or the metadata
        /// that says what its values mean (a gain map's, a depth map's calibration) changed.
        case changed
        /// In the export, but not for readers: declared without data that can be read, or (a
        /// gain map) held without its photo declaring it.
        case orphaned
        /// The original's map does not decode: there is nothing to judge the export's against.
        case undecodable

        /// The case name: `kept`, `lost`.
        public var description: String { rawValue }
    }

    /// What the aux image holds.
    public let kind: AuxImageKind
    /// Which semantic matte, for a `semanticMatte`.
    public let semanticMatte: SemanticMatte?
    /// The original's aux image, unless it was added.
    public let original: AuxImage?
    /// The export's aux image, unless it was lost (or is only declared).
    public let export: AuxImage?
    /// What became of it.
    public let change: Change
    /// How the values differ, when both sides decode.
    public let values: ValueDifference?
    /// Each difference that matters, in words: the size, the aspect against the photo, the
    /// metadata that describes the values (a gain map's, a depth map's calibration).
    public let differences: [String]
    /// The two maps and their difference drawn, when the comparison was asked for pictures.
    package let pictures: ComparisonPictures?

    /// `disparity`, `semanticMatte (hair)`.
    public var label: String { semanticMatte.map { "\(kind.rawValue) (\($0.rawValue))" } ?? kind.rawValue }
}
