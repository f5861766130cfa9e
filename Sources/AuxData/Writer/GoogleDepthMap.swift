import Container

/// A depth map ready to be written as Google stores depth (GDepth; Dynamic Depth 1.0
/// §DepthMap): 8-bit samples of the normalised depth dn over `near`…`far` metres.
///
/// RangeInverse: dn = far·(d − near) / (d·(far − near)), which spends the samples where
/// depth is near, and reads back as d = far·near / (far − dn·(far − near)). RangeLinear:
/// dn = (d − near)/(far − near), read back as d = dn·(far − near) + near. Sample = dn·255,
/// rounded; `near` and `far` are the map's own nearest and farthest depths, so 0 and 255 are
/// both used.
package struct GoogleDepthMap: Sendable, Equatable {
    package let format: GDepthFormat
    /// The depth of dn = 0 and of dn = 1, in metres.
    package let near: Double
    package let far: Double
    package let width: Int
    package let height: Int
    /// Rows packed, one byte per sample.
    package let samples: [UInt8]

    package init(format: GDepthFormat, near: Double, far: Double, width: Int, height: Int, samples: [UInt8]) {
        self.format = format
        self.near = near
        self.far = far
        self.width = width
        self.height = height
        self.samples = samples
    }

    /// `depths` (metres, all finite and above zero) stored in `format`; nil when the count is
    /// not `width`·`height` or a depth is not finite and positive. A flat map gets `far` one
    /// step of Float32 above `near`, as the formats divide by far − near.
    package static func quantising<V: BinaryFloatingPoint>(_ depths: [V], width: Int, height: Int,
                                                          format: GDepthFormat) -> GoogleDepthMap? {
        guard width > 0, height > 0, let n = width *? height, depths.count == n,
              let lowest = depths.min(), let highest = depths.max() else { return nil }
        let near = Double(lowest)
        var far = Double(highest)
        guard near.isFinite, far.isFinite, near > 0 else { return nil }
        if far <= near { far = Double(Float(near).nextUp) }
        guard far > near else { return nil }
        let span = far - near
        let samples = depths.map { v -> UInt8 in
            let d = Double(v)
            let dn: Double
            switch format {
            case .rangeLinear: dn = (d - near) / span
            default: dn = far * (d - near) / (d * span)
            }
            return UInt8(max(0, min(255, (dn * 255).rounded())))
        }
        return GoogleDepthMap(format: format, near: near, far: far, width: width, height: height, samples: samples)
    }

    /// The depth, in metres, a sample stands for.
    package func depth(of sample: UInt8) -> Double {
        let dn = Double(sample) / 255
        switch format {
        case .rangeLinear: return dn * (far - near) + near
        default: return far * near / (far - dn * (far - near))
        }
    }
}
