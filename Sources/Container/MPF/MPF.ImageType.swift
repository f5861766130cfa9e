extension MPF {
    /// The MP type code, bits 23-0 of an MP entry's attribute.
    ///
    /// CIPA DC-007 §5.2.3.3.1 Table 4, with the 2025 additions (gain map image 0x050000, larger
    /// thumbnails), as ExifTool's MPF tag tables (MPImageType) list them.
    package enum ImageType: Sendable, Hashable {
        case undefined
        /// Large thumbnail, class 1...5 (VGA, FHD, 4K, 8K, 16K): codes 0x010001...0x010005.
        case largeThumbnail(UInt32)
        case multiFramePanorama
        case multiFrameDisparity
        case multiAngle
        case baselinePrimary
        case originalPreservation
        case gainMap
        case unknown(UInt32)

        package init(code: UInt32) {
            switch code {
            case 0x000000: self = .undefined
            case 0x010001...0x010005: self = .largeThumbnail(code & 0xFF)
            case 0x020001: self = .multiFramePanorama
            case 0x020002: self = .multiFrameDisparity
            case 0x020003: self = .multiAngle
            case 0x030000: self = .baselinePrimary
            case 0x040000: self = .originalPreservation
            case 0x050000: self = .gainMap
            default: self = .unknown(code)
            }
        }

        package var code: UInt32 {
            switch self {
            case .undefined: return 0
            case .largeThumbnail(let n): return 0x010000 | n
            case .multiFramePanorama: return 0x020001
            case .multiFrameDisparity: return 0x020002
            case .multiAngle: return 0x020003
            case .baselinePrimary: return 0x030000
            case .originalPreservation: return 0x040000
            case .gainMap: return 0x050000
            case .unknown(let c): return c
            }
        }
    }
}
