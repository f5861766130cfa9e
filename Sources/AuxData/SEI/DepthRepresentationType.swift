/// depth_representation_type (ITU-T H.265 Annex F.14, depth representation information SEI
/// message semantics): what the sample values of the depth picture mean.
package enum DepthRepresentationType: Sendable, Equatable {
    /// 0: uniformly quantized inverse of Z.
    case uniformInverseZ
    /// 1: uniformly quantized disparity. What Apple writes.
    case uniformDisparity
    /// 2: uniformly quantized Z.
    case uniformZ
    /// 3: non-uniformly quantized disparity, with a piecewise-linear model.
    case nonuniformDisparity
    case unknown(UInt32)

    package init(rawValue: UInt32) {
        switch rawValue {
        case 0: self = .uniformInverseZ
        case 1: self = .uniformDisparity
        case 2: self = .uniformZ
        case 3: self = .nonuniformDisparity
        default: self = .unknown(rawValue)
        }
    }

    package var rawValue: UInt32 {
        switch self {
        case .uniformInverseZ: return 0
        case .uniformDisparity: return 1
        case .uniformZ: return 2
        case .nonuniformDisparity: return 3
        case .unknown(let v): return v
        }
    }

    /// Types 1 and 3 code disparity; 0 and 2 code depth (Z or 1/Z).
    package var isDisparity: Bool { self == .uniformDisparity || self == .nonuniformDisparity }
}
