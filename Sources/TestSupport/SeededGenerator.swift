/// The one random number generator of the tests: SplitMix64 (Steele, Lea and Flood, 2014),
/// seeded, so every run draws the same numbers and a failing case can be replayed from the
/// seed a test prints. Foundation-free.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
    package private(set) var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (0 when `n` is 0 or negative), by plain modulo so that the sequence
    /// stays the one earlier runs printed their seeds for.
    package mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}
