import Container

/// How a stored sample becomes a value, as the file itself describes it, held as one value
/// per possible sample (at most 2^16), so decoding maps a sample with one table look-up.
///
/// The descriptions, first found first used:
/// - Apple `apdi` (JPEG and HEIC XMP): `f = FloatMin + (v − IntMin)·(FloatMax − FloatMin)/(IntMax − IntMin)`,
///   disparity for hdis/fdis, depth for hdep/fdep (Apple, "Creating auxiliary depth data manually").
/// - The HEVC depth representation SEI (ITU-T H.265 Annex F, depth_representation_type).
/// - Dynamic Depth `RangeInverse` / `RangeLinear` with Near, Far and Units (Dynamic Depth 1.0 §DepthMap).
/// - GDepth `RangeInverse` / `RangeLinear` with Near and Far (Google Depthmap metadata).
/// - Otherwise the sample scaled to 0…1 (mattes, gain maps, alpha).
package struct ValueMapping: Sendable, Equatable {
    /// Where the mapping comes from: `apdi`, `SEI type N`, `DynamicDepth RangeInverse`,
    /// `DynamicDepth RangeLinear`, `GDepth RangeInverse`, `GDepth RangeLinear`, `normalized`.
    package let source: String
    /// The unit of the values the file describes.
    package let unit: ValueUnit
    package let bitDepth: Int
    /// values[v] is the value of sample v, in `unit`.
    package let values: [Double]
    /// Whether the file says what unit its values are in. GDepth's `Units` may be absent; its
    /// values are then taken as metres, which is an assumption to show, not a fact.
    package let unitsDeclared: Bool

    package init(source: String, unit: ValueUnit, bitDepth: Int, values: [Double], unitsDeclared: Bool = true) {
        self.source = source
        self.unit = unit
        self.bitDepth = bitDepth
        self.values = values
        self.unitsDeclared = unitsDeclared
    }

    /// The unit of values mapped as `unit` (this mapping's own when nil), as a label shows it:
    /// `m`, `1/m`, `normalized 0-1`, or `units not declared` for distances in a file that
    /// does not say their unit.
    package func unitLabel(_ unit: ValueUnit? = nil) -> String {
        let u = unit ?? self.unit
        if u != .normalized, !unitsDeclared { return "units not declared" }
        switch u {
        case .depth: return "m"
        case .disparity: return "1/m"
        case .normalized: return "normalized 0-1"
        }
    }

    package var maxSample: Int { (1 << bitDepth) - 1 }

    /// The value of sample `v` in the file's own unit; NaN for a sample past the table.
    package func value(ofSample v: Int) -> Double { v >= 0 && v < values.count ? values[v] : .nan }

    /// The table as Float32 values in `target` (depth or disparity convert into each other;
    /// the others stay as they are).
    package func table(as target: ValueUnit?) -> [Float] {
        let to = target ?? unit
        return values.map { Float(ValueUnit.convert($0, from: unit, to: to)) }
    }

    /// `values[v] = offset + scale · v` for every sample, within a relative 1e-12 of the
    /// values' magnitude, or nil when the mapping is not linear (RangeInverse, SEI type 0 or 3
    /// with a model, a table with a NaN or an infinity).
    package var linearForm: (offset: Double, scale: Double)? {
        guard let first = values.first, let last = values.last, values.count >= 2 else { return nil }
        let scale = (last - first) / Double(values.count - 1)
        guard first.isFinite, scale.isFinite else { return nil }
        let tolerance = 1e-12 * max(abs(first), abs(last), 1e-300)
        for (v, f) in values.enumerated() where !(abs(f - (first + scale * Double(v))) <= tolerance) { return nil }
        return (first, scale)
    }

    /// The mapping for `aux` of `photo` at the decoded precision `bitDepth` (1…16).
    package static func of(_ aux: ParsedAuxImage, in photo: ParsedPhoto, bitDepth: Int) -> ValueMapping {
        let bits = min(16, max(1, bitDepth))
        let maxSample = Double((1 << bits) - 1)
        let count = 1 << bits
        func table(_ f: (Double) -> Double) -> [Double] { (0..<count).map { f(Double($0)) } }

        if aux.kind.isDepthLike, let a = aux.apple, let iMin = a.intMinValue, let iMax = a.intMaxValue,
           let fMin = a.floatMinValue, let fMax = a.floatMaxValue, iMin != iMax {
            let unit: ValueUnit = a.nativeFormat.map { $0.isDisparity ? .disparity : ($0.isDepth ? .depth : kindUnit(aux.kind)) }
                ?? kindUnit(aux.kind)
            let scale = (fMax - fMin) / (Double(iMax) - Double(iMin))
            return ValueMapping(source: "apdi", unit: unit, bitDepth: bits,
                                values: table { fMin + ($0 - Double(iMin)) * scale })
        }
        if aux.kind.isDepthLike, let r = aux.representation, let m = seiMapping(r, bits: bits) {
            return m
        }
        if let d = aux.dynamicDepth, d.role == .depth, let near = d.depthMap.near, let far = d.depthMap.far,
           let m = dynamicDepthMapping(d.depthMap, near: near, far: far, bits: bits) {
            return m
        }
        if aux.isGDepth, let g = photo.gdepth, let near = g.near, let far = g.far {
            // Google Depthmap metadata: values are in Units (m by default, or mm).
            let toMetres = g.units == "mm" ? 0.001 : 1
            let declared = g.units != nil
            switch g.format {
            case .rangeInverse?:
                return ValueMapping(source: "GDepth RangeInverse", unit: .depth, bitDepth: bits, values: table { v in
                    let dn = v / maxSample
                    return far * near / (far - dn * (far - near)) * toMetres
                }, unitsDeclared: declared)
            case .rangeLinear?:
                return ValueMapping(source: "GDepth RangeLinear", unit: .depth, bitDepth: bits, values: table { v in
                    (v / maxSample * (far - near) + near) * toMetres
                }, unitsDeclared: declared)
            default: break
            }
        }
        if let x = aux.xdmDepthMap, let near = x.near, let far = x.far {
            // XDM 1.0 DepthMap: GDepth's formulas; Metric True says the values are metres.
            let declared = x.metric == true
            switch x.format {
            case .rangeInverse?:
                return ValueMapping(source: "XDM RangeInverse", unit: .depth, bitDepth: bits, values: table { v in
                    far * near / (far - v / maxSample * (far - near))
                }, unitsDeclared: declared)
            case .rangeLinear?:
                return ValueMapping(source: "XDM RangeLinear", unit: .depth, bitDepth: bits, values: table { v in
                    v / maxSample * (far - near) + near
                }, unitsDeclared: declared)
            default: break
            }
        }
        return ValueMapping(source: "normalized", unit: .normalized, bitDepth: bits, values: table { $0 / maxSample })
    }

    /// Dynamic Depth 1.0 §DepthMap: with dn the sample over its largest value, RangeLinear
    /// d = dn·(far − near) + near and RangeInverse d = far·near / (far − dn·(far − near)), in
    /// `Units`: `Meters` are depth in metres; `Diopters` marks values that are not metrically
    /// accurate and `None` values without a unit (Dynamic Depth 1.0 §DepthMap, Units), so both,
    /// and no Units, leave the depth without a declared unit (shown as such, taken as metres).
    static func dynamicDepthMapping(_ m: DynamicDepthDescription.DepthMap, near: Double, far: Double,
                                    bits: Int) -> ValueMapping? {
        let maxSample = Double((1 << bits) - 1)
        let count = 1 << bits
        let unit: ValueUnit = .depth
        let declared = m.units == "Meters"
        switch m.format {
        case .rangeInverse?:
            return ValueMapping(source: "DynamicDepth RangeInverse", unit: unit, bitDepth: bits, values: (0..<count).map { v in
                far * near / (far - Double(v) / maxSample * (far - near))
            }, unitsDeclared: declared)
        case .rangeLinear?:
            return ValueMapping(source: "DynamicDepth RangeLinear", unit: unit, bitDepth: bits, values: (0..<count).map { v in
                Double(v) / maxSample * (far - near) + near
            }, unitsDeclared: declared)
        default:
            return nil
        }
    }

    static func kindUnit(_ kind: AuxImageKind) -> ValueUnit { kind == .depth ? .depth : .disparity }

    /// depth_representation_type (ITU-T H.265 Table I-1, the same as Annex F's depth
    /// representation information SEI semantics): each decoded sample is 1/Z uniformly
    /// quantised over 0…MaxVal (0: 0 ↔ 1/ZFar, MaxVal ↔ 1/ZNear, the nearest the largest),
    /// disparity uniformly quantised (1: DMin…DMax), Z uniformly quantised (2: ZNear…ZFar; the
    /// table states no direction, this follows the increasing one), or disparity through
    /// DepthLUT (3, then uniformly quantised DMin…DMax). The specification gives DMin/DMax in
    /// luma sample widths of the texture; Apple writes them as disparity in 1/m, equal to apdi
    /// FloatMinValue/FloatMaxValue, and they are read that way. Nil when the elements the type
    /// needs are absent.
    static func seiMapping(_ r: DepthRepresentation, bits: Int) -> ValueMapping? {
        let maxSample = Double((1 << bits) - 1)
        let count = 1 << bits
        switch r.representationType {
        case 0:
            guard let zn = r.zNear, let zf = r.zFar else { return nil }
            // The value is 1/Z: a disparity-like unit (1/m) whose inverse is the depth.
            return ValueMapping(source: "SEI type 0", unit: .disparity, bitDepth: bits, values: (0..<count).map { v in
                1 / zf + Double(v) / maxSample * (1 / zn - 1 / zf)
            })
        case 1:
            guard let lo = r.dMin, let hi = r.dMax else { return nil }
            return ValueMapping(source: "SEI type 1", unit: .disparity, bitDepth: bits, values: (0..<count).map { v in
                lo + Double(v) / maxSample * (hi - lo)
            })
        case 2:
            guard let zn = r.zNear, let zf = r.zFar else { return nil }
            return ValueMapping(source: "SEI type 2", unit: .depth, bitDepth: bits, values: (0..<count).map { v in
                zn + Double(v) / maxSample * (zf - zn)
            })
        case 3:
            guard let lo = r.dMin, let hi = r.dMax else { return nil }
            let lut = nonlinearLUT(r.nonlinearModel, maxValue: Int(maxSample))
            return ValueMapping(source: "SEI type 3", unit: .disparity, bitDepth: bits, values: lut.map { u in
                lo + Double(u) / maxSample * (hi - lo)
            })
        default:
            return nil
        }
    }

    /// DepthLUT of depth_representation_type 3 (ITU-T H.265 §I.13.2.3, NOTE 3 and the DepthLUT
    /// derivation; ISO/IEC 23002-3 uses the same model): depth_nonlinear_representation_num_minus1
    /// + 2 segments with knots at pos = (MaxVal·k) ÷ (num_minus1 + 2) (integer division), moved
    /// by the deviations model[k] (model[0] and model[num_minus1 + 2] are 0) to
    /// (pos − dev, pos + dev); for x from max(x1, 0) to min(x2, MaxVal),
    /// DepthLUT[x] = Clip3(0, MaxVal, Round((x − x1)·(y2 − y1) ÷ (x2 − x1) + y1)), ÷ exact and
    /// Round half away from zero. The specification writes MaxVal = 255; wider samples use
    /// 2^bits − 1 the same way. An entry no segment reaches keeps its own value.
    static func nonlinearLUT(_ model: [Int], maxValue: Int) -> [Int] {
        let segments = model.count + 1
        // model values are ue(v) limited to 0…65535 by the specification; beyond that they
        // mean nothing and are held there so the products below cannot overflow.
        let knots = [0] + model.map { min(max($0, 0), 65_535) } + [0]
        var lut = Array(0...maxValue)
        for k in 0..<segments {
            let pos1 = maxValue * k / segments, pos2 = maxValue * (k + 1) / segments
            let x1 = pos1 - knots[k], y1 = pos1 + knots[k]
            let x2 = pos2 - knots[k + 1], y2 = pos2 + knots[k + 1]
            // x2 = x1 would divide by zero: the segment is a point and sets nothing.
            let from = max(x1, 0), to = min(x2, maxValue)
            guard x2 != x1, from <= to else { continue }
            for x in from...to {
                let y = Double((x - x1) * (y2 - y1)) / Double(x2 - x1) + Double(y1)
                lut[x] = min(maxValue, max(0, Int(y.rounded(.toNearestOrAwayFromZero))))
            }
        }
        return lut
    }
}
