/// The semantic segmentation mattes ImageIO knows (kCGImageAuxiliaryDataTypeSemanticSegmentation…Matte).
public enum SemanticMatte: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Skin.
    case skin
    /// Hair.
    case hair
    /// Teeth.
    case teeth
    /// Glasses.
    case glasses
    /// Sky.
    case sky

    /// `skin`, `hair`, `teeth`, `glasses` or `sky`.
    public var description: String { rawValue }
}
