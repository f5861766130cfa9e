/// Where an export's map changed in one place while the rest kept its values (a block
/// painted over, a region replaced): the bounds of the samples beyond the tolerance there, in
/// the original's display frame, with how many they are and how far the furthest lies.
public struct ChangedRegion: Sendable, Hashable {
    /// The left column of the region, from 0.
    public let x: Int
    /// The top row of the region, from 0.
    public let y: Int
    /// Its width in samples.
    public let width: Int
    /// Its height in samples.
    public let height: Int
    /// The samples (pixels) inside it whose values lie beyond the tolerance.
    public let samples: Int
    /// The largest absolute difference inside it, in the comparison's units.
    public let maxError: Double
}
