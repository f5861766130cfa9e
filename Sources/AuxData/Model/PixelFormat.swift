import Container

/// CoreVideo pixel formats that ImageIO uses for auxiliary data (AVDepthData.h,
/// AVPortraitEffectsMatte.h). Apple XMP stores them as the decimal value of the OSType.
package enum PixelFormat {
    /// kCVPixelFormatType_DisparityFloat16
    @inlinable package static var hdis: FourCC { "hdis" }
    /// kCVPixelFormatType_DisparityFloat32
    @inlinable package static var fdis: FourCC { "fdis" }
    /// kCVPixelFormatType_DepthFloat16
    @inlinable package static var hdep: FourCC { "hdep" }
    /// kCVPixelFormatType_DepthFloat32
    @inlinable package static var fdep: FourCC { "fdep" }
    /// kCVPixelFormatType_OneComponent8: mattes, gain maps, and the stored form of every map.
    @inlinable package static var L008: FourCC { "L008" }

    /// The four formats AVDepthData accepts.
    package static let depthFormats: [FourCC] = [hdis, fdis, hdep, fdep]

    /// Bytes per pixel of a known format, nil for others.
    package static func bytesPerPixel(_ f: FourCC) -> Int? {
        switch f {
        case hdis, hdep: return 2
        case fdis, fdep: return 4
        case L008: return 1
        default: return nil
        }
    }

    /// Is the format a disparity (1/m) format, as opposed to depth (m)?
    package static func isDisparity(_ f: FourCC) -> Bool { f == hdis || f == fdis }
    package static func isDepth(_ f: FourCC) -> Bool { f == hdep || f == fdep }
}
