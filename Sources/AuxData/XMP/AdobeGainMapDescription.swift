/// Adobe's gain map namespace `hdrgm` (`http://ns.adobe.com/hdr-gain-map/1.0/`), as Android's
/// Ultra HDR format and Adobe's Gain Map specification define it: how the gain map image
/// turns the base rendition into the alternate one. Values are as written; the defaults the
/// format gives to absent fields are for the rules to apply.
///
/// The per-channel fields (`GainMapMin`, `GainMapMax`, `Gamma`, `OffsetSDR`, `OffsetHDR`)
/// are one real for all channels or an `rdf:Seq` of three (red, green, blue); the
/// `HDRCapacity` fields are log2 headrooms like the gain map range.
package struct AdobeGainMapDescription: Sendable, Equatable {
    /// `hdrgm:Version`, "1.0".
    package var version: String?
    package var baseRenditionIsHDR: Bool?
    package var gainMapMin: [Double]?
    package var gainMapMax: [Double]?
    package var gamma: [Double]?
    package var offsetSDR: [Double]?
    package var offsetHDR: [Double]?
    package var hdrCapacityMin: Double?
    package var hdrCapacityMax: Double?
    package var problems: [String]

    package init?(_ document: XMPDocument) {
        var r = XMPFieldReader(document, namespace: XMPNamespace.adobeGainMap)
        if r.isEmpty { return nil }
        version = r.text("Version")
        baseRenditionIsHDR = r.bool("BaseRenditionIsHDR")
        gainMapMin = Self.channels(&r, "GainMapMin")
        gainMapMax = Self.channels(&r, "GainMapMax")
        gamma = Self.channels(&r, "Gamma")
        offsetSDR = Self.channels(&r, "OffsetSDR")
        offsetHDR = Self.channels(&r, "OffsetHDR")
        hdrCapacityMin = r.double("HDRCapacityMin")
        hdrCapacityMax = r.double("HDRCapacityMax")
        problems = r.problems
    }

    /// One real, or an array of reals.
    private static func channels(_ r: inout XMPFieldReader, _ name: String) -> [Double]? {
        guard let p = r.property(name) else { return nil }
        if p.value.text != nil { return r.double(name).map { [$0] } }
        return r.doubles(name)
    }
}
