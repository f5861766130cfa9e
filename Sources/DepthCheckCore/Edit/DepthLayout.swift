/// How `embed` lays depth out in a photo.
public enum DepthLayout: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Apple's: an aux image with Apple's XMP (an MPF image in a JPEG, an aux item in a HEIC).
    case apple
    /// Google Dynamic Depth 1.0, as Android writes a `DEPTH_JPEG`: the depth and a confidence
    /// map as JPEG items after the primary, described by the `Device` XMP. JPEG only.
    case dynamicDepth = "dynamic-depth"
    /// Google's GDepth, as Lens Blur writes it: the depth as a PNG in the primary's Extended
    /// XMP. JPEG only.
    case gdepth

    /// `apple`, `dynamic-depth` or `gdepth`.
    public var description: String { rawValue }
}

/// How Dynamic Depth and GDepth turn depth into 8-bit samples (Dynamic Depth 1.0 §DepthMap
/// Format; GDepth Format), near and far being the map's own nearest and farthest depths.
public enum DepthRangeFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// dn = far·(d − near) / (d·(far − near)): more samples for near depths. Android requires it.
    case inverse
    /// dn = (d − near) / (far − near).
    case linear

    /// `inverse` or `linear`.
    public var description: String { rawValue }
}
