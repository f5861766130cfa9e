import Container

extension ParseLimits {
    /// Limits small enough that anything an input can make the parsers allocate stays well
    /// under libFuzzer's `-malloc_limit_mb` (Fuzz/run.sh sets 256): an allocation above it is
    /// a missing limit check, and libFuzzer reports it as a crash. The fuzz targets run with
    /// these, and the tests replay their crashers through the same targets.
    package static let fuzzing: ParseLimits = {
        var l = ParseLimits()
        l.maxNesting = 32
        l.maxBoxes = 20_000
        l.maxItems = 4_096
        l.maxExtentsPerItem = 4_096
        l.maxReferences = 20_000
        l.maxXMPBytes = 4 << 20
        l.maxPixels = 16 << 20
        l.maxAllocation = 64 << 20
        return l
    }()
}
