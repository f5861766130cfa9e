/// How far a map's values in an export may lie from the original's before the map counts as
/// changed. The comparison's figure is the 99th percentile of the absolute differences, so a
/// few samples moved by resampling at an edge do not make a map changed; a real edit does.
public enum ComparisonTolerance: Sendable, Hashable, CustomStringConvertible {
    /// Two quantisation steps of the coarser of the two stored formats over the original's
    /// range of values: an 8-bit map spanning 0.5…4 m may differ by 2 × 3.5 / 255 m. A lossless
    /// copy differs by nothing, a re-encode at JPEG quality 100 by a step or so; a rescaled,
    /// smoothed or replaced map by many. Float formats count as 10 bits (half precision).
    case automatic
    /// At most this much, in the compared unit (metres, 1/metres, or 0…1).
    case absolute(Double)
    /// At most this percentage of the original's range of values.
    case percentOfRange(Double)

    /// `0.05` (absolute), `2%` (of the original's range) or `auto`; nil for anything else,
    /// or a negative or non-finite number.
    public init?(parsing text: String) {
        if text == "auto" { self = .automatic; return }
        let percent = text.hasSuffix("%")
        guard let v = Double(percent ? String(text.dropLast()) : text), v.isFinite, v >= 0 else { return nil }
        self = percent ? .percentOfRange(v) : .absolute(v)
    }

    /// `auto`, `0.05`, `2%`.
    public var description: String {
        switch self {
        case .automatic: return "auto"
        case .absolute(let v): return ComparisonNumber.text(v)
        case .percentOfRange(let v): return ComparisonNumber.text(v) + "%"
        }
    }

    /// The tolerance in the compared unit, for values spanning `range` stored at `bits` (the
    /// coarser side's bit depth).
    func resolved(range: Double, bits: Int) -> Double {
        switch self {
        case .automatic:
            let steps = Double((1 << max(1, min(bits, 24))) - 1)
            return 2 * range / steps
        case .absolute(let v): return v
        case .percentOfRange(let p): return range * p / 100
        }
    }
}
