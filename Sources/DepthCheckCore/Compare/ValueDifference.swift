/// How the values of an export's map differ from the original's, sample by sample, in one
/// quantity and in the original's display frame (the export's map resampled to the
/// original's size, nearest sample).
public struct ValueDifference: Sendable, Hashable {
    /// The largest absolute difference.
    public let maxError: Double
    /// The mean absolute difference.
    public let meanError: Double
    /// The 99th percentile of the absolute differences: what judges a change over the map.
    public let p99Error: Double
    /// The share of samples (0…1) further apart than `tolerance`, a sample that is a number on
    /// one side and not on the other included.
    public let beyondTolerance: Double
    /// The tolerance the map was held to, in `units`.
    public let tolerance: Double
    /// `m` (depth), `1/m` (disparity), `log2` (a gain map in log2 gain), `0…1` (mattes, gain
    /// maps as encoded, alpha, views), or `units not declared` for distances whose file does
    /// not say their unit (GDepth without `GDepth:Units`).
    public let units: String

    /// The units of distances a file does not name.
    public static let undeclaredUnits = "units not declared"
    /// The samples compared: the original map's size in its display frame.
    public let samples: Int
    /// The region that changed while the rest of the map kept its values (or, with a tolerance
    /// of 0, the bounds of every sample that differs); nil when there is none.
    public let region: ChangedRegion?

    /// Whether the values changed: more than one sample in a hundred beyond the tolerance (the
    /// 99th percentile beyond it, counted with the float32 allowance), a region changed, or with
    /// a tolerance of 0 any sample different.
    public let isBeyondTolerance: Bool
}
