import AuxData
import Foundation

/// Ultra HDR JPEGs as Android's format lays them out: a 64×48 primary whose XMP holds
/// `hdrgm:Version` and a GContainer directory (Primary, GainMap with its length), an MP index
/// of two images, and a 16×12 gray gain map JPEG with its own hdrgm XMP; optionally the ISO
/// 21496-1 APP2 segments in both images. Each builder leaves out or changes one part.
package enum UltraHDRFixture {
    /// The gain map image's hdrgm fields (log2 range 0…2, one value for all channels).
    package static let gainMapFields = """
        hdrgm:Version="1.0" hdrgm:GainMapMin="0.0" hdrgm:GainMapMax="2.0" hdrgm:Gamma="1.0" \
        hdrgm:OffsetSDR="0.015625" hdrgm:OffsetHDR="0.015625" hdrgm:HDRCapacityMin="0.0" hdrgm:HDRCapacityMax="2.0"
        """

    /// `gainMapFields` with one field's value changed.
    package static func gainMapFields(setting name: String, to value: String) -> String {
        guard let r = gainMapFields.range(of: "hdrgm:\(name)=\"[^\"]*\"", options: .regularExpression) else { return gainMapFields }
        return gainMapFields.replacingCharacters(in: r, with: "hdrgm:\(name)=\"\(value)\"")
    }

    static func packet(_ attributes: String, directory: String = "") -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" \
        xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" \
        \(attributes)>\(directory)</rdf:Description></rdf:RDF></x:xmpmeta>
        """
    }

    static func directory(gainMapLength: Int) -> String {
        """
        <Container:Directory><rdf:Seq>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>\
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="\(gainMapLength)"/></rdf:li>\
        </rdf:Seq></Container:Directory>
        """
    }

    /// ISO 21496-1 Annex C's APP2 segment: the identifier, the two versions and, for the gain
    /// map image, one channel of metadata in separate fractions (log2 range 0…2, gamma 1,
    /// offsets 1/64, headrooms 0 and 2).
    package static func isoSegment(metadata: Bool) -> [UInt8] {
        var p = Array("urn:iso:std:iso:ts:21496:-1".utf8) + [0, 0, 0, 0, 0]
        if metadata {
            p.append(0x00)
            func f(_ n: Int32, _ d: UInt32) {
                let u = UInt32(bitPattern: n)
                p += [UInt8(u >> 24), UInt8(u >> 16 & 0xFF), UInt8(u >> 8 & 0xFF), UInt8(u & 0xFF)]
                p += [UInt8(d >> 24), UInt8(d >> 16 & 0xFF), UInt8(d >> 8 & 0xFF), UInt8(d & 0xFF)]
            }
            f(0, 1); f(2, 1)                      // base and alternate headroom
            f(0, 1); f(2, 1); f(1, 1); f(1, 64); f(1, 64)  // min, max, gamma, offsets
        }
        return JPEGFixture.segment(0xE2, p)
    }

    /// The gain map JPEG: its hdrgm XMP (`fields`, nil for none), its ISO segment when asked.
    package static func gainMap(fields: String? = gainMapFields, iso: Bool = false) -> [UInt8] {
        var segments: [[UInt8]] = []
        if let fields { segments.append(JPEGFixture.xmp(packet(fields))) }
        if iso { segments.append(isoSegment(metadata: true)) }
        return JPEGFixture.image(segments, body: JPEGFixture.gray16x12Body)
    }

    /// A colour gain map's hdrgm fields: the per-channel ones as an `rdf:Seq` of red, green and
    /// blue (Adobe's Gain Map specification 1.0), the rest as attributes.
    package static let colourGainMapFields = (
        attributes: """
            hdrgm:Version="1.0" hdrgm:HDRCapacityMin="0.0" hdrgm:HDRCapacityMax="2.0"
            """,
        elements: ["GainMapMin": ["0.0", "0.0", "0.0"], "GainMapMax": ["2.0", "1.5", "1.0"], "Gamma": ["1.0", "1.0", "1.0"],
                   "OffsetSDR": ["0.015625", "0.015625", "0.015625"], "OffsetHDR": ["0.015625", "0.015625", "0.015625"]]
            .sorted { $0.key < $1.key }
            .map { name, values in
                "<hdrgm:\(name)><rdf:Seq>" + values.map { "<rdf:li>\($0)</rdf:li>" }.joined() + "</rdf:Seq></hdrgm:\(name)>"
            }.joined())

    /// A 16×12 colour gain map JPEG (YCbCr, libjpeg-turbo at quality 100) with the colour hdrgm
    /// XMP (`scalarFields`: one value for all channels instead): red rises left to right, green
    /// top to bottom, blue falls left to right.
    package static func colourGainMap(scalarFields: Bool = false) -> [UInt8] {
        var rgb: [UInt8] = []
        for y in 0..<12 { for x in 0..<16 { rgb += [UInt8(x * 16), UInt8(y * 20), UInt8(255 - x * 16)] } }
        guard let pixels = PhotoPixels(width: 16, height: 12, rgb: rgb),
              let coded = try? PrimaryEncoder.jpeg(pixels, quality: 100) else { return [] }
        let xmp = JPEGFixture.xmp(scalarFields ? packet(gainMapFields)
                                               : packet(colourGainMapFields.attributes, directory: colourGainMapFields.elements))
        return Array(coded[0..<2]) + xmp + Array(coded[2...])
    }

    /// An Ultra HDR JPEG whose gain map is `colourGainMap()`.
    package static func colourPhoto() -> [UInt8] {
        let map = colourGainMap()
        let before = [JPEGFixture.exif(orientation: 1),
                      JPEGFixture.xmp(packet("hdrgm:Version=\"1.0\"", directory: directory(gainMapLength: map.count)))]
        return JPEGFixture.multiPicture(primaryBefore: before, secondaries: [map])
    }

    /// A whole Ultra HDR JPEG. `declare`: the primary's hdrgm:Version and directory;
    /// `lengthDelta` is added to the directory's Item:Length; `mpf`: an MP index; `gainMap`:
    /// whether the gain map image follows.
    package static func photo(declare: Bool = true, lengthDelta: Int = 0, mpf: Bool = true, gainMap includeMap: Bool = true,
                             iso: Bool = false, mapFields: String? = gainMapFields) -> [UInt8] {
        let map = gainMap(fields: mapFields, iso: iso)
        var before: [[UInt8]] = [JPEGFixture.exif(orientation: 1)]
        if declare {
            before.append(JPEGFixture.xmp(packet("hdrgm:Version=\"1.0\"", directory: directory(gainMapLength: map.count + lengthDelta))))
        }
        if iso { before.append(isoSegment(metadata: false)) }
        if mpf {
            return JPEGFixture.multiPicture(primaryBefore: before, secondaries: includeMap ? [map] : [])
        }
        return JPEGFixture.image(before, body: JPEGFixture.color64x48Body) + (includeMap ? map : [])
    }

    /// Python for pyultrahdr (PyPI) that writes, to the file named by its first argument, an
    /// Ultra HDR JPEG of a 64×48 base and a gain map rising from 0 to 2 stops left to right.
    package static let pyultrahdrScript = """
        import sys, numpy as np
        from sdr_to_hdr import build_ultra_hdr
        sdr = (np.arange(64 * 48 * 3) % 251).astype(np.uint8).reshape(48, 64, 3)
        gain = np.tile(np.linspace(0, 2, 64, dtype=np.float32), (48, 1))
        open(sys.argv[1], 'wb').write(build_ultra_hdr(sdr, gain, 0.0, 2.0, 1000, 203))
        """
}
