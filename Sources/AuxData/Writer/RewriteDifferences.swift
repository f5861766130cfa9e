import Container

/// What differs between two readings of a photo: the model a writer must keep (the primary's
/// size, orientation and transforms; each aux image's kind, type, coding, aux data dictionary,
/// XMP metadata, description parts and geometry) and the coded bytes of every image. The
/// round trip (read, write, read) must find none.
package enum RewriteDifferences {
    /// One line per difference, `where: what before -> what after`; empty when the two agree.
    package static func differences(_ a: ParsedPhoto, _ aBytes: [UInt8], _ b: ParsedPhoto, _ bBytes: [UInt8]) -> [String] {
        var out: [String] = []
        func check<T: Equatable>(_ place: String, _ x: T, _ y: T) {
            if x != y { out.append("\(place): \(x) -> \(y)") }
        }
        check("container", a.container, b.container)
        check("primary size", "\(a.primary.width)x\(a.primary.height)", "\(b.primary.width)x\(b.primary.height)")
        check("primary orientation", a.primary.orientation, b.primary.orientation)
        check("primary transforms", a.primary.transforms, b.primary.transforms)
        check("primary codec", a.primary.codec, b.primary.codec)
        let pa = PhotoCodedData.primary(a, in: aBytes), pb = PhotoCodedData.primary(b, in: bBytes)
        if pa != pb { out.append("primary coded data: \(pa?.count ?? 0) bytes -> \(pb?.count ?? 0) bytes, not equal") }
        check("aux image count", a.auxImages.count, b.auxImages.count)
        for (i, (x, y)) in zip(a.auxImages, b.auxImages).enumerated() {
            let at = "aux image \(i + 1) (\(x.kind.rawValue))"
            check("\(at) kind", x.kind, y.kind)
            check("\(at) semantic matte", x.semanticMatte, y.semanticMatte)
            check("\(at) aux type", x.auxType, y.auxType)
            check("\(at) codec", x.coded.codec, y.coded.codec)
            check("\(at) size", "\(x.coded.width ?? 0)x\(x.coded.height ?? 0)", "\(y.coded.width ?? 0)x\(y.coded.height ?? 0)")
            check("\(at) components", x.coded.components, y.coded.components)
            check("\(at) bit depth", x.coded.bitDepth, y.coded.bitDepth)
            check("\(at) dictionary", x.dictionary, y.dictionary)
            check("\(at) value range", x.valueRange, y.valueRange)
            check("\(at) depth representation", x.representation, y.representation)
            check("\(at) geometry", x.geometry, y.geometry)
            let mx = x.metadata.map { "\($0.0)=\($0.1)" }, my = y.metadata.map { "\($0.0)=\($0.1)" }
            if mx != my {
                let gone = mx.filter { !my.contains($0) }, new = my.filter { !mx.contains($0) }
                out.append("\(at) metadata: removed \(gone), added \(new)")
            }
            let cx = PhotoCodedData.aux(x, of: a, in: aBytes), cy = PhotoCodedData.aux(y, of: b, in: bBytes)
            if cx != cy { out.append("\(at) coded data: \(cx?.count ?? 0) bytes -> \(cy?.count ?? 0) bytes, not equal") }
        }
        return out
    }

    /// What decoding shows: each pair of aux images decoded (libjpeg-turbo, libpng, libheif)
    /// from both readings and compared sample by sample. An image neither reading decodes is
    /// listed in `undecoded`, not as a difference; one that only one reading decodes is a
    /// difference.
    package struct SampleComparison: Sendable, Equatable {
        /// One line per aux image whose decoded samples differ.
        package var differences: [String] = []
        /// How many aux images decoded to equal samples in both readings.
        package var equal = 0
        /// `aux image N (kind): why`, for the images that do not decode either time.
        package var undecoded: [String] = []
    }

    package static func decodedSamples(_ a: ParsedPhoto, _ aBytes: [UInt8], _ b: ParsedPhoto, _ bBytes: [UInt8],
                                      limits: ParseLimits = .default) -> SampleComparison {
        var out = SampleComparison()
        let da = AuxDecoder(photo: a, bytes: aBytes, limits: limits), db = AuxDecoder(photo: b, bytes: bBytes, limits: limits)
        for (i, (x, y)) in zip(a.auxImages, b.auxImages).enumerated() {
            let at = "aux image \(i + 1) (\(x.kind.rawValue))"
            let sx = Result { () throws(AuxDecodeError) in try da.storedImage(x) }
            let sy = Result { () throws(AuxDecodeError) in try db.storedImage(y) }
            switch (sx, sy) {
            case (.success(let p), .success(let q)):
                if p.layout != q.layout {
                    out.differences.append("\(at) decoded: \(p.width)x\(p.height) \(p.layout.bitDepth)-bit -> \(q.width)x\(q.height) \(q.layout.bitDepth)-bit")
                } else if let k = p.samples.indices.first(where: { p.samples[$0] != q.samples[$0] }) {
                    let n = zip(p.samples, q.samples).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
                    out.differences.append("\(at) decoded samples: \(n) of \(p.samples.count) differ, the first at"
                                           + " (\(k % p.width), \(k / p.width)): \(p.samples[k]) -> \(q.samples[k])")
                } else {
                    out.equal += 1
                }
            case (.failure(let e), .failure):
                out.undecoded.append("\(at): \(e.message)")
            case (.success, .failure(let e)):
                out.differences.append("\(at) decoded before, not after: \(e.message)")
            case (.failure(let e), .success):
                out.differences.append("\(at) decoded after, not before: \(e.message)")
            }
        }
        return out
    }
}
