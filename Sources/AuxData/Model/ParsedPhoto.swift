import Container

/// Everything depthcheck knows about one photo, built in one pass by its reader: the primary image, every aux image with its
/// aux data dictionary, and every structural problem met while reading (a validator wants
/// all of them, so reading goes on past problems it can step over).
package struct ParsedPhoto: Sendable {
    package let container: ContainerFormat
    /// The container's structure, for the rules that judge it.
    package let structure: PhotoStructure
    package let primary: ParsedPrimaryImage
    package let auxImages: [ParsedAuxImage]
    /// Non-fatal problems met while reading, each with its offset and path.
    package let issues: [ParseError]
    /// Google GDepth description in the primary's XMP (with its Extended XMP payload).
    package let gdepth: GDepthDescription?
    /// Google Dynamic Depth 1.0 description in the primary's XMP.
    package let dynamicDepth: DynamicDepthDescription?
    /// The bytes after the primary's EOI, where Dynamic Depth items are concatenated.
    package let trailer: Range<Int>?
    /// What a JPEG primary says about a gain map image after it (Ultra HDR, ISO 21496-1).
    package let gainMapDeclaration: GainMapDeclaration?

    package init(structure: PhotoStructure, primary: ParsedPrimaryImage, auxImages: [ParsedAuxImage] = [],
                issues: [ParseError] = [], gdepth: GDepthDescription? = nil,
                dynamicDepth: DynamicDepthDescription? = nil, trailer: Range<Int>? = nil,
                gainMapDeclaration: GainMapDeclaration? = nil) {
        self.structure = structure
        switch structure {
        case .jpeg: container = .jpeg
        case .heif, .imageSequence: container = .heif
        }
        self.primary = primary
        self.auxImages = auxImages
        self.issues = issues
        self.gdepth = gdepth
        self.dynamicDepth = dynamicDepth
        self.trailer = trailer
        self.gainMapDeclaration = gainMapDeclaration
    }
}
