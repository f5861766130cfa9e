/// An aux image a file must carry, or fail (`check --require`): the rule
/// `structure.aux.required-missing` judges it.
public enum AuxRequirement: String, Sendable, Hashable, CaseIterable {
    /// Depth or disparity.
    case depth
    /// Disparity.
    case disparity
    /// A portrait or semantic matte.
    case matte
    /// A gain map: Apple's, Ultra HDR, ISO 21496-1 or a `tmap` item.
    case gainmap
}
