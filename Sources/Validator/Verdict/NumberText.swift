// floor, log10, pow: the C library's, not Foundation's (which the command line does not link).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers in messages and labels as people write them: what a value is, not the noise of
/// its binary form (`0.147266`, not `0.1472659999999999`; `375`, not `375.0`).
package enum NumberText {
    /// `v` to six significant digits, in the shortest form that reads back as that; whole
    /// numbers without a decimal point.
    package static func short(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "NaN" : (v > 0 ? "inf" : "-inf") }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        let e = 5 - Int(floor(log10(abs(v))))
        // Dividing a whole number by an exact power of ten gives the double nearest the
        // decimal, which Swift prints as that decimal.
        let r = e >= 0 ? (v * pow(10, Double(e))).rounded() / pow(10, Double(e))
                       : (v / pow(10, Double(-e))).rounded() * pow(10, Double(-e))
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return "\(r)"
    }

    package static func short(_ v: Float) -> String { short(Double(v)) }
}
