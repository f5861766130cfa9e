@testable import DepthCheckCore
import AuxData
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

    /// A 640×480 ramp from 0.5 to 4.5, each value passed through `edit(x, y, value)`.
    static func map(_ edit: (Int, Int, Float) -> Float = { $2 }) -> DisplayedValues {
        var values: [Float] = []
        for y in 0..<480 { for x in 0..<640 { values.append(edit(x, y, 0.5 + 4 * Float(x + y) / 1118)) } }
        return DisplayedValues(width: 640, height: 480, bits: 8, values: values)
    }

    /// A 40×40 block moved 2.2: under the 1 % the 99th percentile passes over, named as a region.
    @Test func aBlockMovedInOnePlaceIsARegion() throws {
        let edited = Self.map { x, y, v in (96..<136).contains(x) && (200..<240).contains(y) ? v + 2.2 : v }
        let d = ValueComparison.difference(Self.map(), edited, tolerance: .automatic, units: "m")
        #expect(d.p99Error == 0 && d.isBeyondTolerance)
        #expect(d.beyondTolerance == 1600.0 / 307_200)
        let r = try #require(d.region)
        #expect(r.x == 96 && r.y == 200 && r.width == 40 && r.height == 40 && r.samples == 1600)
        #expect(abs(r.maxError - 2.2) < 1e-5, "\(r.maxError)")
    }

    /// Lines two samples wide beyond the tolerance, as resampling moves samples along edges,
    /// fill no tile: kept.
    @Test func thinLinesAreNotARegion() {
        let edited = Self.map { x, y, v in (x == 300 || x == 301 || y == 100) ? v + 1 : v }
        let d = ValueComparison.difference(Self.map(), edited, tolerance: .automatic, units: "m")
        #expect(d.region == nil && !d.isBeyondTolerance)
        #expect(d.beyondTolerance == Double(480 * 2 + 640 - 2) / 307_200)
    }

    /// A tolerance of 0 is exact: one sample a float32 step away changes the map.
    @Test func aToleranceOfZeroIsExact() throws {
        let one = Self.map { x, y, v in (x, y) == (5, 7) ? v.nextUp : v }
        let exact = ValueComparison.difference(Self.map(), one, tolerance: .absolute(0), units: "m")
        #expect(exact.isBeyondTolerance && exact.region == ChangedRegion(x: 5, y: 7, width: 1, height: 1, samples: 1, maxError: Double(exact.maxError)))
        #expect(!ValueComparison.difference(Self.map(), one, tolerance: .absolute(1e-6), units: "m").isBeyondTolerance)
        #expect(!ValueComparison.difference(Self.map(), Self.map(), tolerance: .absolute(0), units: "m").isBeyondTolerance)
    }

    /// 0.1 against 0.15 is 0.050000004 apart in float32: at a tolerance of 0.05, not beyond it;
    /// at 0.0499, beyond.
    @Test func aDifferenceOfExactlyTheToleranceIsWithinIt() {
        let a = DisplayedValues(width: 4, height: 4, bits: 32, values: [Float](repeating: 0.1, count: 16))
        let b = DisplayedValues(width: 4, height: 4, bits: 32, values: [Float](repeating: 0.15, count: 16))
        #expect(Float(0.15) - Float(0.1) > 0.05)
        #expect(!ValueComparison.difference(a, b, tolerance: .absolute(0.05), units: "m").isBeyondTolerance)
        #expect(ValueComparison.difference(a, b, tolerance: .absolute(0.0499), units: "m").isBeyondTolerance)
    }

    /// A number written again in another form is the same number; a changed one is named.
    @Test func metadataNumbersWrittenAgainAreTheSame() {
        #expect(MetadataDifference.between([("GDepth:Near", .text("0.500000"))], [("GDepth:Near", .text("0.5"))]).isEmpty)
        #expect(MetadataDifference.between([("hdrgm:GainMapMax", .list(["2.0", "2"]))], [("hdrgm:GainMapMax", .list(["2", "2.00"]))]).isEmpty)
        #expect(MetadataDifference.between([("GDepth:Near", .text("0.5"))], [("GDepth:Near", .text("0.6"))]) == ["GDepth:Near: 0.5 → 0.6"])
        #expect(MetadataDifference.between([("GDepth:Units", .text("m"))], []) == ["metadata gone: GDepth:Units"])
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
