/// Numbers as comparisons print them: at most four significant decimals after the point,
/// no exponent below a million, `inf` and `nan` spelled out. Foundation's formatters are not
/// available here.
enum ComparisonNumber {
    static func text(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf") }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        let magnitude = abs(v)
        // Four significant digits for small values, four decimals otherwise.
        var decimals = 4
        var m = magnitude
        while m < 0.1, m > 0, decimals < 12 {
            m *= 10
            decimals += 1
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (v * scale).rounded() / scale
        var s = String(rounded)
        if s.contains("e") { return String(v) }
        while s.hasSuffix("0"), s.contains(".") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
