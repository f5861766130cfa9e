/// How the values of an export's map differ from the original's, sample by sample, in one
/// quantity and in the original's display frame (the export's map resampled to the
/// original's size, nearest sample).
public struct ValueDifference: Sendable, Hashable {
    /// The largest absolute difference.
    public let maxError: Double
    /// The mean absolute difference.
    public let meanError: Double
    /// The 99th percentile of the absolute differences: what judges the map.
    public let p99Error: Double
    /// The share of samples (0…1) further apart than `tolerance`, a sample that is a number on
    /// one side and not on the other included.
    public let beyondTolerance: Double
    /// The tolerance the map was held to, in `units`.
    public let tolerance: Double
    /// `m` (depth), `1/m` (disparity) or `0…1` (mattes, gain maps as encoded, alpha, views).
    public let units: String
    /// The samples compared: the original map's size in its display frame.
    public let samples: Int

    /// Whether the 99th percentile is beyond the tolerance.
    public var isBeyondTolerance: Bool { !(p99Error <= tolerance) }
}
