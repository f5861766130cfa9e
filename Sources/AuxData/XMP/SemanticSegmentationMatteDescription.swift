/// The semantic matte namespace `http://ns.apple.com/semanticSegmentationMatte/1.0/`.
///
/// The namespace is known from third-party writers only (Apple documents none), so no
/// property is assumed: every property found is kept as text, and the two names those writers
/// use (`SemanticSegmentationMatteVersion`, `SemanticSegmentationMatteType`) are read out.
package struct SemanticSegmentationMatteDescription: Sendable, Equatable {
    package var version: Int?
    package var matteType: String?
    /// Every property of the namespace, `name` → text (arrays and structures as flattened text).
    package var properties: [XMPMetadataEntry]
    package var problems: [String]

    package init?(_ document: XMPDocument) {
        var r = XMPFieldReader(document, namespace: XMPNamespace.semanticSegmentationMatte)
        if r.isEmpty { return nil }
        version = r.int("SemanticSegmentationMatteVersion")
        matteType = r.text("SemanticSegmentationMatteType")
        properties = document.metadata.filter { $0.namespace.sameText(XMPNamespace.semanticSegmentationMatte) }
        problems = r.problems
    }
}
