extension HEIF.Item {
    /// The value `extract` reads from the first of the item's properties of box type `type`
    /// that it reads one from. Box types are compared first: a rule asks this of every item
    /// for every file of a batch, and the properties passed over are not copied. Inlinable,
    /// like the lookups below, so that a rule's indexed loop reads the item in place.
    @inlinable package func firstProperty<T>(_ type: FourCC, _ extract: (HEIF.ItemProperty) -> T?) -> T? {
        for i in properties.indices where properties[i].type == type {
            if let v = extract(properties[i].value) { return v }
        }
        return nil
    }

    /// Whether the item has a property of box type `type` (ISO/IEC 14496-12 §8.11.14).
    @inlinable package func hasProperty(_ type: FourCC) -> Bool {
        properties.indices.contains { properties[$0].type == type }
    }

    /// `ispe`: the reconstructed image size (ISO/IEC 23008-12 §6.5.3).
    @inlinable package var ispe: HEIF.ImageSpatialExtents? {
        firstProperty(BMFF.BoxType.ispe) { if case .ispe(let v) = $0 { v } else { nil } }
    }

    /// `hvcC`: the HEVC decoder configuration (ISO/IEC 14496-15 §8.3.3).
    @inlinable package var hvcC: HEIF.HEVCConfiguration? {
        firstProperty(BMFF.BoxType.hvcC) { if case .hvcC(let v) = $0 { v } else { nil } }
    }

    /// `av1C`: the AV1 codec configuration (AV1 Codec ISO Media File Format Binding §2.3).
    @inlinable package var av1C: HEIF.AV1Configuration? {
        firstProperty(BMFF.BoxType.av1C) { if case .av1C(let v) = $0 { v } else { nil } }
    }

    /// `auxC`: the auxiliary image type (ISO/IEC 23008-12 §6.5.8).
    @inlinable package var auxC: HEIF.AuxiliaryTypeProperty? {
        firstProperty(BMFF.BoxType.auxC) { if case .auxC(let v) = $0 { v } else { nil } }
    }

    /// `a1op`: the operating point a layered AV1 item is processed at (AVIF §2.3.2.1).
    @inlinable package var a1op: HEIF.OperatingPointSelector? {
        firstProperty("a1op") { if case .a1op(let v) = $0 { v } else { nil } }
    }

    /// `lsel`: the layer a layered item renders (ISO/IEC 23008-12 §6.5.11).
    @inlinable package var lsel: HEIF.LayerSelector? {
        firstProperty("lsel") { if case .lsel(let v) = $0 { v } else { nil } }
    }

    /// `a1lx`: the byte size of each layer of a layered AV1 item but the last (AVIF §2.3.2.3).
    @inlinable package var a1lx: HEIF.AV1LayeredImageIndexing? {
        firstProperty("a1lx") { if case .a1lx(let v) = $0 { v } else { nil } }
    }
}
