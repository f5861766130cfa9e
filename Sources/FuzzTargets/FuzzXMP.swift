import AuxData
import Container

extension FuzzTarget {
    /// XMP packets: `XMPDocument` (libxml2 underneath), then every description reader the
    /// photo reader runs on a document, with the first half of the input as the main packet
    /// and the second half as the Extended XMP packet when the input holds a NUL separator.
    static func xmp(_ bytes: [UInt8]) throws(FuzzViolation) {
        let split = bytes.firstIndex(of: 0)
        let main = split.map { bytes[..<$0] } ?? bytes[...]
        let rest = split.map { bytes[($0 + 1)...] }
        guard let doc = try? XMPDocument(parsing: main, at: 0, path: "XMP", limits: Fuzz.limits) else { return }
        let ext = rest.flatMap { try? XMPDocument(parsing: $0, at: main.count + 1, path: "ExtendedXMP", limits: Fuzz.limits) }
        var sink = doc.metadata.count &+ doc.properties.count
        sink &+= doc.extendedXMPGUID?.utf8.count ?? 0
        if let g = GDepthDescription(doc, extended: ext, limits: Fuzz.limits) { sink &+= "\(g)".utf8.count }
        if let a = AppleAuxDescription(doc) { sink &+= "\(a)".utf8.count }
        if let d = DepthDataDescription(doc) { sink &+= "\(d)".utf8.count }
        if let d = DynamicDepthDescription(doc) { sink &+= "\(d)".utf8.count }
        if let h = HDRGainMapDescription(doc) { sink &+= "\(h)".utf8.count }
        if let p = PortraitEffectsMatteDescription(doc) { sink &+= "\(p)".utf8.count }
        if let s = SemanticSegmentationMatteDescription(doc) { sink &+= "\(s)".utf8.count }
        // Parsing is a function of the bytes: a second parse gives an equal model.
        if let again = try? XMPDocument(parsing: main, at: 0, path: "XMP", limits: Fuzz.limits), again != doc {
            throw FuzzViolation("XMP parse is not deterministic")
        }
        _ = sink
    }
}
