import Container

/// A CoreVideo pixel format, as ImageIO hands an auxiliary image out (AVDepthData.h,
/// AVPortraitEffectsMatte.h): Apple XMP stores it as the decimal value of the OSType.
public struct PixelFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The OSType.
    public let rawValue: FourCC
    /// The format whose OSType is `rawValue`.
    public init(rawValue: FourCC) { self.rawValue = rawValue }

    /// The format named by four characters (`hdis`); nil for a name that is not four bytes.
    public init?(_ name: String) {
        guard name.utf8.count == 4 else { return nil }
        rawValue = FourCC(string: name)
    }

    /// kCVPixelFormatType_DisparityFloat16
    public static let hdis = PixelFormat(rawValue: "hdis")
    /// kCVPixelFormatType_DisparityFloat32
    public static let fdis = PixelFormat(rawValue: "fdis")
    /// kCVPixelFormatType_DepthFloat16
    public static let hdep = PixelFormat(rawValue: "hdep")
    /// kCVPixelFormatType_DepthFloat32
    public static let fdep = PixelFormat(rawValue: "fdep")
    /// kCVPixelFormatType_OneComponent8: mattes, gain maps, and the stored form of every map.
    public static let L008 = PixelFormat(rawValue: "L008")

    /// The four formats AVDepthData accepts.
    public static let depthFormats: [PixelFormat] = [hdis, fdis, hdep, fdep]

    /// Bytes per pixel of a known format, nil for others.
    public var bytesPerPixel: Int? {
        switch self {
        case .hdis, .hdep: return 2
        case .fdis, .fdep: return 4
        case .L008: return 1
        default: return nil
        }
    }

    /// Whether it is a disparity (1/m) format.
    public var isDisparity: Bool { self == .hdis || self == .fdis }
    /// Whether it is a depth (m) format.
    public var isDepth: Bool { self == .hdep || self == .fdep }

    /// The OSType as a number, as Apple XMP writes it (`hdis` is 1751411059).
    public var osType: UInt32 { rawValue.rawValue }

    /// The four characters: `hdis`.
    public var description: String { rawValue.description }
}
