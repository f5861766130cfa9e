/// The portrait matte's own namespace, `portraitEffectsMatte`
/// (`http://ns.apple.com/portraitEffectsMatte/1.0/`), as iPhone cameras write it.
package struct PortraitEffectsMatteDescription: Sendable, Equatable {
    /// 65536 in every sample.
    package var portraitEffectsMatteVersion: Int?
    package var problems: [String]

    package init?(_ document: XMPDocument) {
        var r = XMPFieldReader(document, namespace: XMPNamespace.portraitEffectsMatte)
        if r.isEmpty { return nil }
        portraitEffectsMatteVersion = r.int(XMPName.portraitEffectsMatteVersion.local)
        problems = r.problems
    }
}
