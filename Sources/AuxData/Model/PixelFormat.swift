import Container

/// CoreVideo pixel formats that ImageIO uses for auxiliary data (AVDepthData.h,
/// AVPortraitEffectsMatte.h). Apple XMP stores them as the decimal value of the OSType.
public enum PixelFormat {
    /// kCVPixelFormatType_DisparityFloat16
    @inlinable public static var hdis: FourCC { "hdis" }
    /// kCVPixelFormatType_DisparityFloat32
    @inlinable public static var fdis: FourCC { "fdis" }
    /// kCVPixelFormatType_DepthFloat16
    @inlinable public static var hdep: FourCC { "hdep" }
    /// kCVPixelFormatType_DepthFloat32
    @inlinable public static var fdep: FourCC { "fdep" }
    /// kCVPixelFormatType_OneComponent8: mattes, gain maps, and the stored form of every map.
    @inlinable public static var L008: FourCC { "L008" }

    /// The four formats AVDepthData accepts.
    public static let depthFormats: [FourCC] = [hdis, fdis, hdep, fdep]

    /// Bytes per pixel of a known format, nil for others.
    public static func bytesPerPixel(_ f: FourCC) -> Int? {
        switch f {
        case hdis, hdep: return 2
        case fdis, fdep: return 4
        case L008: return 1
        default: return nil
        }
    }

    /// Is the format a disparity (1/m) format, as opposed to depth (m)?
    public static func isDisparity(_ f: FourCC) -> Bool { f == hdis || f == fdis }
    public static func isDepth(_ f: FourCC) -> Bool { f == hdep || f == fdep }
}
