import AuxData

/// The metadata that says what a map's values mean, compared across two photos: a gain map's
/// (Adobe's `hdrgm`, Apple's `HDRGainMap`) and a depth map's calibration (Apple's intrinsics,
/// extrinsics and lens distortion; GDepth's near, far, format and units). Other properties
/// (stored formats, ranges a re-encode rewrites) are what the values are compared for.
enum MetadataDifference {
    static let described = ["hdrgm:", "HDRGainMap:", "depthData:IntrinsicMatrix", "depthData:ExtrinsicMatrix",
                            "depthData:LensDistortion", "depthData:InverseLensDistortion", "depthData:PixelSize",
                            "GDepth:Near", "GDepth:Far", "GDepth:Format", "GDepth:Units"]

    static func between(_ a: [(String, MetadataValue)], _ b: [(String, MetadataValue)]) -> [String] {
        var names: [String] = []
        for (name, _) in a + b where !names.contains(name) && described.contains(where: { name.hasPrefix($0) }) {
            names.append(name)
        }
        var out: [String] = [], gone: [String] = [], new: [String] = []
        for name in names {
            let before = a.first { $0.0 == name }?.1, after = b.first { $0.0 == name }?.1
            guard before != after, !sameNumbers(before, after) else { continue }
            switch (before, after) {
            case (_?, nil): gone.append(name)
            case (nil, _?): new.append(name)
            default: out.append("\(name): \(text(before)) → \(text(after))")
            }
        }
        // Properties that left or came together (a writer that drops the calibration) in a line.
        if !gone.isEmpty { out.append("metadata gone: " + gone.joined(separator: ", ")) }
        if !new.isEmpty { out.append("metadata new: " + new.joined(separator: ", ")) }
        return out
    }

    /// Whether both are the same numbers written differently (`0.500000` and `0.5`): a writer
    /// that prints a value again changes no meaning.
    static func sameNumbers(_ a: MetadataValue?, _ b: MetadataValue?) -> Bool {
        func numbers(_ v: MetadataValue?) -> [Double]? {
            switch v {
            case .text(let t)?: return Double(t).map { [$0] }
            case .list(let items)?:
                let values = items.compactMap(Double.init)
                return values.count == items.count ? values : nil
            case nil: return nil
            }
        }
        guard let x = numbers(a), let y = numbers(b) else { return false }
        return x == y
    }

    static func text(_ v: MetadataValue?) -> String {
        switch v {
        case nil: return ""
        case .text(let t)?: return t.count > 60 ? String(t.prefix(57)) + "…" : t
        case .list(let items)?: return items.joined(separator: ", ")
        }
    }
}
