extension HEIF {
    /// A parsed item property from `ipco` (ISO/IEC 23008-12 §6.5, §9.3). Unknown properties
    /// are kept by type with their range; a property whose own parser failed is kept as
    /// `.invalid` so the 1-based `ipma` indices stay aligned with `ipco`.
    ///
    /// `indirect`: each value is parsed once into a box of its own and then shared. Every item
    /// that `ipma` associates with a property holds it, and a 48-tile grid's items hold the
    /// same few; inline, each of those ~150 holdings copied the largest case's bytes.
    package indirect enum ItemProperty: Sendable, Equatable {
        case ispe(ImageSpatialExtents)
        case pixi(PixelInformation)
        case hvcC(HEVCConfiguration)
        case av1C(AV1Configuration)
        case auxC(AuxiliaryTypeProperty)
        case irot(ImageRotation)
        case imir(ImageMirror)
        case clap(CleanAperture)
        case colr(ColourInformation)
        case pasp(PixelAspectRatio)
        case a1op(OperatingPointSelector)
        case lsel(LayerSelector)
        case a1lx(AV1LayeredImageIndexing)
        case other(FourCC)
        case invalid(ParseError)

        /// Parses one property box's payload by its type.
        package static func parse(type: FourCC, content r: inout ByteReader, limits: ParseLimits) throws(ParseError) -> ItemProperty {
            switch type {
            case BMFF.BoxType.ispe: return .ispe(try ImageSpatialExtents(parsing: &r))
            case BMFF.BoxType.pixi: return .pixi(try PixelInformation(parsing: &r))
            case BMFF.BoxType.hvcC: return .hvcC(try HEVCConfiguration(parsing: &r))
            case BMFF.BoxType.av1C: return .av1C(try AV1Configuration(parsing: &r))
            case BMFF.BoxType.auxC: return .auxC(try AuxiliaryTypeProperty(parsing: &r))
            case BMFF.BoxType.irot: return .irot(try ImageRotation(parsing: &r))
            case BMFF.BoxType.imir: return .imir(try ImageMirror(parsing: &r))
            case BMFF.BoxType.clap: return .clap(try CleanAperture(parsing: &r))
            case BMFF.BoxType.colr: return .colr(try ColourInformation(parsing: &r))
            case "pasp": return .pasp(try PixelAspectRatio(parsing: &r))
            case "a1op": return .a1op(try OperatingPointSelector(parsing: &r))
            case "lsel": return .lsel(try LayerSelector(parsing: &r))
            case "a1lx": return .a1lx(try AV1LayeredImageIndexing(parsing: &r))
            default: return .other(type)
            }
        }

        /// Whether this property transforms the image (ISO/IEC 23008-12 §6.5.1: clap, irot, imir).
        package var isTransform: Bool {
            switch self {
            case .irot, .imir, .clap: return true
            default: return false
            }
        }
    }
}
