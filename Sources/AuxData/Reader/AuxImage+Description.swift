extension AuxImage {
    /// Fills in what JPEG and HEIF aux images share: the apdi formats and ranges, the
    /// calibration reference size, and the aux data description ImageIO would build from them.
    /// Call after the coded size, components and bit depth are known.
    mutating func describe(apple: AppleAuxDescription?, depthData: DepthDataDescription?) {
        nativeFormat = apple?.nativeFormat
        storedFormat = apple?.storedFormat
        range = PixelValueRange(intMin: apple?.intMinValue, intMax: apple?.intMaxValue,
                                floatMin: apple?.floatMinValue, floatMax: apple?.floatMaxValue)
        intrinsicReferenceWidth = depthData?.intrinsicMatrixReferenceWidth
        intrinsicReferenceHeight = depthData?.intrinsicMatrixReferenceHeight
        // Gain maps and mattes without apdi are one 8-bit component in memory too: ImageIO
        // describes them as L008 (kCVPixelFormatType_OneComponent8).
        var format = nativeFormat
        if format == nil, kind == .hdrGainMap || kind.isMatte, components == 1, bitDepth == 8 {
            format = PixelFormat.L008
        }
        if let f = format, let w = width, let h = height {
            description = AuxDataInfo.packed(f, width: w, height: h)
        }
    }
}
