@testable import DepthCheckCore
import Testing

/// The comparison's 99th percentile is exact, found without sorting every difference.
@Suite struct ValueComparisonTests {
    @Test(arguments: [1, 2, 99, 100, 101, 1_000, 12_345])
    func thePercentileIsTheSortedValueOfItsRank(_ n: Int) {
        var generator = SplitMix(seed: UInt64(n))
        let values = (0..<n).map { _ in Float(generator.next() % 10_000) / 7 }
        let sorted = values.sorted()
        #expect(ValueComparison.percentile99(values) == sorted[(n * 99 + 99) / 100 - 1])
    }

    @Test func nonNumbersPastOnePercentMakeItInfinite() {
        let values = [Float](repeating: 1, count: 98) + [.infinity, .infinity]
        #expect(ValueComparison.percentile99(values) == .infinity)
        #expect(ValueComparison.percentile99([Float](repeating: 1, count: 99) + [.infinity]) == 1)
        #expect(ValueComparison.percentile99([0, 0, 0]) == 0 && ValueComparison.percentile99([]) == 0)
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
