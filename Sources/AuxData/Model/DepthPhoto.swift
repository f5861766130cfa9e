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
    /// Container facts the structure rules need beyond the issues.
    public var facts: StructureFacts
    /// Google GDepth description in the primary's XMP (with its Extended XMP payload).
    public var gdepth: GDepthDescription?
    /// Google Dynamic Depth 1.0 description in the primary's XMP.
    public var dynamicDepth: DynamicDepthDescription?
    /// The bytes after the primary's EOI, where Dynamic Depth items are concatenated.
    public var trailer: Range<Int>?

    public init(structure: PhotoStructure, primary: PrimaryImage, auxImages: [AuxImage] = [],
                issues: [ParseError] = [], facts: StructureFacts = StructureFacts()) {
        self.structure = structure
        switch structure {
        case .jpeg: container = .jpeg
        case .heif: container = .heif
        }
        self.primary = primary
        self.auxImages = auxImages
        self.issues = issues
        self.facts = facts
    }
}

/// Facts about the container that rules read directly (counts, presence), as opposed to
/// problems, which are in `DepthPhoto.issues`.
public struct StructureFacts: Sendable, Equatable {
    /// HEIF: properties that decide how an item is decoded or displayed (hvcC, av1C, irot,
    /// imir, clap) but are associated without the essential bit.
    public var nonEssentialProperties: [SourceLocation] = []
    public init() {}
}
