import Container

/// One auxiliary image of a photo, from a JPEG MPF entry, a HEIF aux item or a GDepth
/// payload, described the way ImageIO's `CGImageSourceCopyAuxiliaryDataInfoAtIndex` would.
public struct AuxImage: Sendable {
    /// MPF entry number (1-based, the primary is 1) or HEIF item ID.
    public var index: Int
    public var kind: AuxKind
    public var semanticMatte: SemanticMatteType?
    /// The HEIF auxC URN, the JPEG apdi AuxiliaryImageType, or `GDepth`.
    public var auxType: String?
    /// apdi AuxiliaryImageType and AuxiliaryImageSubType as written in the XMP.
    public var declaredType: String?
    public var declaredSubType: String?
    /// `jpeg`, `hvc1`, `grid`, `av01`, `png`.
    public var codec: String
    /// Coded size (JPEG SOF, HEIF ispe); nil when the image could not be read.
    public var width: Int?
    public var height: Int?
    /// Components and bits per component of the coded image (SOF, or hvcC/pixi).
    public var components: Int?
    public var bitDepth: Int?
    /// The aux data description ImageIO would return; nil when the native format is unknown.
    public var description: AuxDataInfo?
    /// apdi NativeFormat (the in-memory format) and StoredFormat (as stored in the file).
    public var nativeFormat: FourCC?
    public var storedFormat: FourCC?
    /// apdi Int/Float range.
    public var range: PixelValueRange
    /// Whether the image has an Apple apdi description at all (any apdi property).
    public var hasAppleDescription: Bool {
        nativeFormat != nil || storedFormat != nil || declaredType != nil
            || range.intMin != nil || range.intMax != nil || range.floatMin != nil || range.floatMax != nil
    }
    /// HEIF depth representation SEI values (d_min/d_max/z_near/z_far), when present.
    public var representation: DepthRepresentation?
    /// depthData calibration reference frame size, when present.
    public var intrinsicReferenceWidth: Int?
    public var intrinsicReferenceHeight: Int?
    /// Exif Orientation inside a JPEG aux image (Apple writes none).
    public var orientation: Int?
    /// HEIF transforms of the aux item, in ipma order.
    public var transforms: ImageTransforms
    /// HEIF items this aux image belongs to (`auxl` targets); the primary's entry for JPEG.
    public var masters: [Int]
    /// XMP properties as `prefix:name`, in document order.
    public var metadata: [(String, MetadataValue)]
    /// Where the aux image starts (MPF image SOI, HEIF infe) and where its XMP is.
    public var location: SourceLocation
    public var xmpLocation: SourceLocation?
    /// The coded data, as an absolute byte range of the file.
    public var dataRange: Range<Int>?

    public init(index: Int, kind: AuxKind, codec: String, location: SourceLocation) {
        self.index = index
        self.kind = kind
        self.codec = codec
        self.location = location
        self.range = PixelValueRange()
        self.transforms = ImageTransforms()
        self.masters = []
        self.metadata = []
    }
}

/// The depth representation values of a HEVC depth_representation_info SEI
/// (ITU-T H.265 Annex F.14.2.9), in the form rules and reports need.
public struct DepthRepresentation: Sendable, Equatable {
    public var zNear: Double?
    public var zFar: Double?
    public var dMin: Double?
    public var dMax: Double?
    /// 0 uniform inverse Z, 1 uniform disparity, 2 uniform Z, 3 non-uniform disparity.
    public var representationType: Int
    public var disparityReferenceView: Int?

    public init(zNear: Double? = nil, zFar: Double? = nil, dMin: Double? = nil, dMax: Double? = nil,
                representationType: Int, disparityReferenceView: Int? = nil) {
        self.zNear = zNear
        self.zFar = zFar
        self.dMin = dMin
        self.dMax = dMax
        self.representationType = representationType
        self.disparityReferenceView = disparityReferenceView
    }
}
