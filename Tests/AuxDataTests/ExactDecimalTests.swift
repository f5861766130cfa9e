import Testing
@testable import AuxData

/// `ExactDecimal`: where it gives a value, it is bit for bit what `Double(String)` gives.
@Suite struct ExactDecimalTests {
    static func value(_ s: String) -> Double? {
        var text = s
        return text.withUTF8 { ExactDecimal.value($0) }
    }

    @Test func appleCalibrationValuesAreExact() {
        for s in ["6112.78125", "0.0", "1", "1524.835693359375", "0.001000", "-0.0", "+2.5", "65541", "1e5", "2.5E-3", ".5", "5."] {
            let fast = Self.value(s)
            #expect(fast != nil, "\(s)")
            #expect(fast?.bitPattern == Double(s)?.bitPattern, "\(s)")
        }
        // Seventeen significant digits, past 2^53, and text that is not a plain decimal, go
        // to the general conversion.
        for s in ["0.45127826929092407", "12345678901234567890", "1e23", "1e-23", "", ".", "-", "1..2", "1e", "1e+", "--1", "1e5.5", "1e12345"] {
            #expect(Self.value(s) == nil, "\(s)")
        }
    }

    /// Thousands of decimals of every shape the fast path takes: the same double as the
    /// general conversion, or nil.
    @Test func generatedDecimalsMatchTheGeneralConversion() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var taken = 0, mismatches: [String] = []
        for _ in 0..<20_000 {
            let digitCount = Int(next() % 18) + 1
            var digits = ""
            for _ in 0..<digitCount { digits.append(Character(Unicode.Scalar(UInt8(0x30 + next() % 10)))) }
            let point = Int(next() % UInt64(digitCount + 1))
            var s = next() % 3 == 0 ? "-" : ""
            s += String(digits.prefix(point)) + (point < digitCount || next() % 2 == 0 ? "." : "") + String(digits.dropFirst(point))
            if next() % 3 == 0 { s += "e" + (next() % 2 == 0 ? "-" : "") + String(next() % 30) }
            guard let fast = Self.value(s) else { continue }
            taken += 1
            if fast.bitPattern != Double(s)?.bitPattern { mismatches.append(s) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(taken > 5_000)
    }
}
