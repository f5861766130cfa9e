/// One source of what a file says about an aux image's values, kept as that source writes it.
public enum AuxDescriptionPart: Sendable, Equatable {
    /// Apple's pixel data info (`apdi` XMP): formats and the integer/float range.
    case apple(AppleAuxDescription)
    /// Apple's `depthData` XMP: accuracy, calibration and its reference size.
    case depthData(DepthDataDescription)
    /// The HEVC depth representation SEI in a HEIF depth item's `auxC` subtype.
    case depthRepresentation(DepthRepresentation)
    /// Google's GDepth XMP in the primary image.
    case gdepth(GDepthDescription)
}
