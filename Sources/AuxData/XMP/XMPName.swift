/// A property's name as depthcheck reads and writes it: its schema's namespace URI (which
/// alone identifies the schema), its local name, and the customary prefix it is written with
/// (Adobe XMP Specification Part 1 §7.3: the prefix is the writer's choice; a reader matches
/// the URI). A description reader takes the local name in its namespace; `XMPWriter` writes the
/// prefixed name and declares the prefix.
package struct XMPName: Sendable, Hashable {
    /// The namespace URI, from `XMPNamespace`.
    package let namespace: String
    /// The prefix written for the namespace.
    package let prefix: String
    /// The local name.
    package let local: String

    package init(_ namespace: String, _ prefix: String, _ local: String) {
        self.namespace = namespace
        self.prefix = prefix
        self.local = local
    }

    /// `prefix:local`, as written.
    package var qualified: String { prefix + ":" + local }
}

extension XMPName {
    /// `xmpNote:HasExtendedXMP`: the MD5 naming a JPEG's Extended XMP packet (Adobe XMP
    /// Specification Part 3 §1.1.3.1).
    package static let hasExtendedXMP = XMPName(XMPNamespace.xmpNote, "xmpNote", "HasExtendedXMP")
    /// `portraitEffectsMatte:PortraitEffectsMatteVersion`.
    package static let portraitEffectsMatteVersion = XMPName(XMPNamespace.portraitEffectsMatte, "portraitEffectsMatte",
                                                             "PortraitEffectsMatteVersion")
}
