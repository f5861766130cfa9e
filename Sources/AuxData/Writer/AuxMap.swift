import Container

/// An aux image ready to be written: 8-bit samples in the photo's stored frame and what they
/// mean, as Apple stores every map (StoredFormat L008, Apple's apdi XMP). For depth and
/// disparity the samples span `floatMin`...`floatMax` linearly (IntMin 0 ↔ FloatMin,
/// IntMax 255 ↔ FloatMax), the native format says whether values are metres or 1/metres.
package struct AuxMap: Sendable, Equatable {
    package let kind: AuxImageKind
    package let semanticMatte: SemanticMatte?
    package let width: Int
    package let height: Int
    /// Rows packed, one byte per sample.
    package let samples: [UInt8]
    /// hdis/fdis/hdep/fdep for depth and disparity, L008 for mattes.
    package let nativeFormat: PixelFormat
    /// The value of sample 0 and of sample 255; nil for mattes.
    package let floatMin: Double?
    package let floatMax: Double?
    /// The camera calibration written beside a depth or disparity map, when it has one.
    package let calibration: DepthCalibration?

    package init(kind: AuxImageKind, semanticMatte: SemanticMatte? = nil, width: Int, height: Int, samples: [UInt8],
                nativeFormat: PixelFormat, floatMin: Double? = nil, floatMax: Double? = nil, calibration: DepthCalibration? = nil) {
        self.kind = kind
        self.semanticMatte = semanticMatte
        self.width = width
        self.height = height
        self.samples = samples
        self.nativeFormat = nativeFormat
        self.floatMin = floatMin
        self.floatMax = floatMax
        self.calibration = calibration
    }

    /// The same map with `calibration` written beside it.
    package func calibrated(_ calibration: DepthCalibration?) -> AuxMap {
        AuxMap(kind: kind, semanticMatte: semanticMatte, width: width, height: height, samples: samples,
               nativeFormat: nativeFormat, floatMin: floatMin, floatMax: floatMax, calibration: calibration)
    }

    /// Depth (metres) or disparity (1/metres) values quantised to 8 bits over their own range,
    /// as ImageIO normalises each map (every iPhone disparity JPEG spans 0...255). The range
    /// ends are Float32 values (rounded outwards), so the XMP text and the SEI elements carry
    /// the same number exactly. A flat map gets a range one unit wide.
    /// Every step is in Double, whatever the storage: a Float32 value converts to Double
    /// exactly, so a map of Float32 samples and a gray map's Double distances quantise alike.
    package static func quantising<V: BinaryFloatingPoint>(_ values: [V], width: Int, height: Int, kind: AuxImageKind,
                                                          format: PixelFormat) -> AuxMap? {
        guard width > 0, height > 0, let n = width *? height, values.count == n,
              let lowest = values.min(), let highest = values.max() else { return nil }
        let lo = Double(lowest), hi = Double(highest)
        guard lo.isFinite, hi.isFinite else { return nil }
        var fmin = Double(Float(lo)), fmax = Double(Float(hi))
        if fmin > lo { fmin = Double(Float(lo).nextDown) }
        if fmax < hi { fmax = Double(Float(hi).nextUp) }
        // A flat map gets a range one unit wide, or one Float32 step where a unit is below one.
        if fmax <= fmin { fmax = Double(max(Float(fmin + 1), Float(fmin).nextUp)) }
        guard fmin.isFinite, fmax.isFinite, fmax > fmin else { return nil }
        let scale = 255 / (fmax - fmin)
        let samples = values.map { v -> UInt8 in UInt8(max(0, min(255, ((Double(v) - fmin) * scale).rounded()))) }
        return AuxMap(kind: kind, width: width, height: height, samples: samples, nativeFormat: format,
                      floatMin: fmin, floatMax: fmax)
    }

    /// The value a stored sample stands for (Apple's apdi mapping).
    package func value(of sample: UInt8) -> Double? {
        guard let a = floatMin, let b = floatMax else { return nil }
        return a + Double(sample) * (b - a) / 255
    }

    /// The HEIF auxC type (ISO/IEC 23008-12 §6.5.8; Apple's URNs for mattes).
    package var auxType: String {
        switch kind {
        case .portraitEffectsMatte: return AuxClassifier.portraitEffectsMatteURN
        case .semanticMatte:
            return AuxClassifier.semanticURNs.first { $0.value == semanticMatte }?.key ?? AuxClassifier.portraitEffectsMatteURN
        default: return "urn:mpeg:hevc:2015:auxid:2"
        }
    }
}
