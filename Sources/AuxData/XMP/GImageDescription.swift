import Container

/// Google's original (unblurred) image of a Lens Blur photo, namespace `GImage`
/// (`http://ns.google.com/photos/1.0/image/`), from Google's depthmap metadata pages.
public struct GImageDescription: Sendable, Equatable {
    public var mime: String?
    /// Decoded size of `GImage:Data`; nil when absent or not valid base64.
    public var dataCount: Int?
    /// The first bytes of the decoded image (up to 16), enough to check its signature.
    public var dataPrefix: [UInt8]
    public var problems: [String]

    public init?(_ document: XMPDocument, extended: XMPDocument? = nil, limits: ParseLimits = .default) {
        var all = document.properties
        if let extended { all += extended.properties }
        var r = XMPFieldReader(namespace: XMPNamespace.gImage, fields: all)
        if r.isEmpty { return nil }
        mime = r.text("Mime")
        var problems = r.problems
        let data = GDepthDescription.decode(r.text("Data"), "GImage:Data", extended ?? document, limits, &problems)
        dataCount = data?.count
        dataPrefix = data.map { Array($0.prefix(16)) } ?? []
        self.problems = problems
    }
}
