/// `GDepth:Format`: how 8/16-bit values map to depth (Google Depthmap metadata reference).
/// RangeLinear: d = dn·(far − near) + near. RangeInverse: d = far·near / (far − dn·(far − near)).
package enum GDepthFormat: Sendable, Equatable {
    case rangeInverse
    case rangeLinear
    case unknown(String)

    package init(_ raw: String) {
        switch raw {
        case "RangeInverse": self = .rangeInverse
        case "RangeLinear": self = .rangeLinear
        default: self = .unknown(raw)
        }
    }

    package var rawValue: String {
        switch self {
        case .rangeInverse: return "RangeInverse"
        case .rangeLinear: return "RangeLinear"
        case .unknown(let s): return s
        }
    }
}
