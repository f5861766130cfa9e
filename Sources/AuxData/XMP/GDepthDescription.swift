import Container

/// Google's Lens Blur depth map, namespace `GDepth` (`http://ns.google.com/photos/1.0/depthmap/`).
///
/// Google Depthmap metadata reference: Format, Near, Far, Mime and Data are required there;
/// the rest is optional. The image in `Data` is base64 and usually too large for the main
/// packet, so it lives in the Extended XMP (Adobe XMP Specification Part 3 §1.1.3.1): pass the
/// reassembled extended packet as `extended` to see it.
package struct GDepthDescription: Sendable, Equatable {
    package var format: GDepthFormat?
    package var near: Double?
    package var far: Double?
    /// `m` (default) or `mm`.
    package var units: String?
    /// `OpticalAxis` (default) or `OpticRay`.
    package var measureType: String?
    /// `image/jpeg` or `image/png`.
    package var mime: String?
    /// The decoded depth image; nil when absent or not valid base64 (see `problems`).
    package var data: [UInt8]?
    package var confidenceMime: String?
    /// The decoded confidence image.
    package var confidence: [UInt8]?
    package var manufacturer: String?
    package var model: String?
    package var software: String?
    package var imageWidth: Int?
    package var imageHeight: Int?
    package var problems: [String]

    /// The GDepth properties of a main packet and, optionally, its extended packet; nil when
    /// neither has any. A property present in both is taken from the main packet.
    package init?(_ document: XMPDocument, extended: XMPDocument? = nil, limits: ParseLimits = .default) {
        var all = document.properties
        if let extended { all += extended.properties }
        var r = XMPFieldReader(namespace: XMPNamespace.gDepth, fields: all)
        if r.isEmpty { return nil }
        format = r.text(Name.format.local).map(GDepthFormat.init)
        near = r.double(Name.near.local)
        far = r.double(Name.far.local)
        units = r.text(Name.units.local)
        measureType = r.text(Name.measureType.local)
        mime = r.text(Name.mime.local)
        confidenceMime = r.text(Name.confidenceMime.local)
        manufacturer = r.text(Name.manufacturer.local)
        model = r.text(Name.model.local)
        software = r.text(Name.software.local)
        imageWidth = r.int(Name.imageWidth.local)
        imageHeight = r.int(Name.imageHeight.local)
        var problems = r.problems
        let source = extended ?? document
        data = Self.decode(r.text(Name.data.local), Name.data.qualified, source, limits, &problems)
        confidence = Self.decode(r.text(Name.confidence.local), Name.confidence.qualified, source, limits, &problems)
        self.problems = problems
    }

    static func decode(_ text: String?, _ name: String, _ doc: XMPDocument, _ limits: ParseLimits,
                       _ problems: inout [String]) -> [UInt8]? {
        guard let text else { return nil }
        do {
            return try Base64.decode(text, at: doc.offset, path: doc.path, limits: limits)
        } catch {
            problems.append("\(name): \(error.detail)")
            return nil
        }
    }
}
