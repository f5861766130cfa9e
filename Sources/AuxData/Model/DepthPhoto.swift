import Container

/// Everything depthcheck knows about one photo: the primary image, every aux image with its
/// aux data dictionary, and every structural problem met while reading (a validator wants
/// all of them, so reading goes on past problems it can step over).
public struct DepthPhoto: Sendable {
    public var container: ContainerKind
    /// The container's structure, for the rules that judge it.
    public var structure: PhotoStructure
    public var primary: PrimaryImage
    public var auxImages: [AuxImage]
    /// Non-fatal problems met while reading, each with its offset and path.
    public var issues: [ParseError]
    /// Google GDepth description in the primary's XMP (with its Extended XMP payload).
    public var gdepth: GDepthDescription?
    /// Google Dynamic Depth 1.0 description in the primary's XMP.
    public var dynamicDepth: DynamicDepthDescription?
    /// The bytes after the primary's EOI, where Dynamic Depth items are concatenated.
    public var trailer: Range<Int>?

    public init(structure: PhotoStructure, primary: PrimaryImage, auxImages: [AuxImage] = [],
                issues: [ParseError] = []) {
        self.structure = structure
        switch structure {
        case .jpeg: container = .jpeg
        case .heif: container = .heif
        }
        self.primary = primary
        self.auxImages = auxImages
        self.issues = issues
    }
}
