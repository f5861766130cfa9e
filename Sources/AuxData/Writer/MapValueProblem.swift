/// Why a map's values cannot be stored in an 8-bit aux image without changing what they mean,
/// found before anything is encoded. `kind` says which: the library names the rule the written
/// photo would break by it.
package struct MapValueProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the values.
    package enum Kind: Sendable, Equatable {
        /// A depth or disparity value that is no number (NaN, an infinity).
        case notANumber
        /// A negative depth: a distance is never below zero.
        case negativeDepth
        /// A disparity at or below zero, or a range end a Float32 cannot hold (a JPEG's
        /// FloatMinValue and FloatMaxValue).
        case floatRange
        /// A range end a HEIF depth representation SEI element cannot hold.
        case seiRange
        /// A matte value that is no number or outside 0…1: it would be clipped, so the
        /// writer refuses it, whatever a rule says.
        case matteValues
    }

    package let kind: Kind
    package let message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }

    /// The first problem of a depth (metres) or disparity (1/metres) map, in the order a user
    /// fixes them: values that are no number (NaN, an infinity), then distances that are
    /// negative (depth) or not above zero (disparity: Apple's FloatMinValue must be above zero,
    /// and depth = 1/disparity has no finite value at 0). Positions are (x, y) of the first
    /// sample, row-major. Values are compared as Double, which holds every Float32 exactly, so a map of Float32
    /// samples and a gray map's distances computed in Double are judged alike.
    package static func ofDepthValues<V: BinaryFloatingPoint>(_ values: [V], width: Int, kind: AuxImageKind,
                                                              container: ContainerFormat = .jpeg) -> MapValueProblem? {
        if let p = nonFinite(values, width: width, kind: .notANumber) { return p }
        if let p = unwritableRange(values, width: width, container: container) { return p }
        if kind == .disparity {
            return outside(values, width: width, kind: .floatRange, where: { $0 <= 0 },
                           "disparity values at or below 0 (1/m) cannot be stored: FloatMinValue must be above zero, since depth = 1/disparity")
        }
        return outside(values, width: width, kind: .negativeDepth, where: { $0 < 0 },
                       "negative depth values cannot be stored: depth is a distance in metres")
    }

    /// The largest magnitude a range end may have: FloatMinValue and FloatMaxValue are
    /// Float32 values (rounded outwards, one unit apart for a flat map), and in HEIF also
    /// depth representation SEI elements, whose exponent holds 2^−30 up to below 2^96 (ITU-T
    /// H.265 depth_rep_info_element: 0 < da_exponent < 127 stands for 2^(da_exponent − 31)).
    static func writableMagnitudes(_ container: ContainerFormat) -> ClosedRange<Double> {
        container == .heif ? 0x1p-30...0x1p95 : Double(Float.leastNormalMagnitude)...Double(Float.greatestFiniteMagnitude / 2)
    }

    /// The map's smallest or largest value when it cannot be written as a range end.
    static func unwritableRange<V: BinaryFloatingPoint>(_ values: [V], width: Int, container: ContainerFormat) -> MapValueProblem? {
        guard let smallest = values.min(), let largest = values.max() else { return nil }
        let lo = Double(smallest), hi = Double(largest)
        let fits = writableMagnitudes(container)
        for v in [lo, hi] where v != 0 && !fits.contains(abs(v)) {
            let where_ = container == .heif ? "a HEIF depth representation SEI element or a Float32" : "a Float32"
            return outside(values, width: width, kind: container == .heif ? .seiRange : .floatRange,
                           where: { Double($0) == v },
                           "the map's range end \(v) cannot be written as \(where_) (magnitudes \(fits.lowerBound)…\(fits.upperBound), or 0)")
        }
        return nil
    }

    /// The first problem of a matte's 0…1 values: no number, or outside 0…1 (an 8-bit matte
    /// stores 0 as background and 255 as foreground; anything beyond would be clipped).
    package static func ofMatteValues(_ values: [Float], width: Int) -> MapValueProblem? {
        if let p = nonFinite(values, width: width, kind: .matteValues) { return p }
        return outside(values, width: width, kind: .matteValues, where: { $0 < 0 || $0 > 1 },
                       "matte values outside 0…1 cannot be stored without clipping them")
    }

    static func nonFinite<V: BinaryFloatingPoint>(_ values: [V], width: Int, kind: Kind) -> MapValueProblem? {
        outside(values, width: width, kind: kind, where: { !$0.isFinite },
                "values that are no number (NaN or an infinity) cannot be held by an 8-bit map")
    }

    /// Counts the values `bad` picks and names the first one with its position.
    static func outside<V: BinaryFloatingPoint>(_ values: [V], width: Int, kind: Kind, where bad: (V) -> Bool,
                                                _ what: String) -> MapValueProblem? {
        var count = 0, first: Int?
        for (i, v) in values.enumerated() where bad(v) {
            count += 1
            if first == nil { first = i }
        }
        guard let first else { return nil }
        let w = max(width, 1)
        var lo: V?, hi: V?
        for v in values where v.isFinite {
            lo = min(lo ?? v, v)
            hi = max(hi ?? v, v)
        }
        // Printed as Double, as they were read before maps were held as Float32.
        let range = lo.flatMap { l in hi.map { "; the finite values span \(Double(l))…\(Double($0))" } } ?? ""
        return MapValueProblem(kind, "\(what): \(count) of \(values.count) samples, the first at (\(first % w), \(first / w)) is \(Double(values[first]))\(range)")
    }
}
