/// Apple's HDR gain map namespace `HDRGainMap` (`http://ns.apple.com/HDRGainMap/1.0/`),
/// as iPhone cameras write it.
package struct HDRGainMapDescription: Sendable, Equatable {
    /// 65536 (iOS 16 HEIC), 131072 (macOS 14 ImageIO).
    package var hdrGainMapVersion: Int?
    /// Headroom in stops, a real.
    package var hdrGainMapHeadroom: Double?
    package var problems: [String]

    package init?(_ document: XMPDocument) {
        var r = XMPFieldReader(document, namespace: XMPNamespace.hdrGainMap)
        if r.isEmpty { return nil }
        hdrGainMapVersion = r.int("HDRGainMapVersion")
        hdrGainMapHeadroom = r.double("HDRGainMapHeadroom")
        problems = r.problems
    }
}
