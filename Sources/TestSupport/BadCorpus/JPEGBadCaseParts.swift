import Container
import Foundation

/// Parts the known-bad JPEG cases are made of: Apple aux images with their apdi XMP, GDepth and
/// Dynamic Depth packets, and an MPF layout whose entries may be rewritten freely. Each part
/// is correct on its own; a case breaks exactly one thing.
enum JPEGBadParts {
    // MARK: - Apple aux XMP (apdi)

    /// OSTypes as the decimal strings apdi uses.
    static let hdis = "1751411059"
    static let hdep = "1751410032"
    static let L008 = "1278226488"

    /// One XMP property: `prefix:Name` and its text.
    typealias Property = (name: String, value: String)

    /// The apdi fields of Apple's 8-bit disparity map.
    static let disparityFields: [Property] = [
        ("apdi:NativeFormat", hdis),
        ("apdi:StoredFormat", L008),
        ("apdi:AuxiliaryImageType", "disparity"),
        ("apdi:IntMinValue", "0"),
        ("apdi:IntMaxValue", "255"),
        ("apdi:FloatMinValue", "0.500000"),
        ("apdi:FloatMaxValue", "2.000000"),
        ("depthData:Accuracy", "relative"),
        ("depthData:Filtered", "True"),
        ("depthData:Quality", "high"),
    ]

    /// The fields of Apple's JPEG portrait effects matte: type `depth` (sic) with the subtype.
    static let matteFields: [Property] = [
        ("apdi:NativeFormat", L008),
        ("apdi:StoredFormat", L008),
        ("apdi:AuxiliaryImageType", "depth"),
        ("apdi:AuxiliaryImageSubType", "portraiteffectsmatte"),
        ("portraitEffectsMatte:PortraitEffectsMatteVersion", "65536"),
    ]

    /// `fields` with `name` set to `value` (appended when absent), or removed when `value` is nil.
    static func setting(_ fields: [Property], _ name: String, _ value: String?) -> [Property] {
        guard let value else { return fields.filter { $0.name != name } }
        if fields.contains(where: { $0.name == name }) {
            return fields.map { $0.name == name ? (name, value) : $0 }
        }
        return fields + [(name, value)]
    }

    /// A bare Apple-style packet with one rdf:Description holding `fields` as elements.
    static func applePacket(_ fields: [Property]) -> String {
        let lines = fields.map { "         <\($0.name)>\($0.value)</\($0.name)>" }.joined(separator: "\n")
        return """
            <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 5.4.0">
               <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                  <rdf:Description rdf:about=""
                        xmlns:apdi="http://ns.apple.com/pixeldatainfo/1.0/"
                        xmlns:depthData="http://ns.apple.com/depthData/1.0/"
                        xmlns:portraitEffectsMatte="http://ns.apple.com/portraitEffectsMatte/1.0/">
            \(lines)
                  </rdf:Description>
               </rdf:RDF>
            </x:xmpmeta>
            """
    }

    /// A secondary MPF image: optional Exif, the XMP packet, the MPF stub, then `body`.
    static func auxImage(_ fields: [Property], images: UInt32 = 2, exif: [UInt8]? = nil,
                         body: [UInt8] = JPEGFixture.gray16x12Body) -> [UInt8] {
        let segments = (exif.map { [$0] } ?? []) + [
            JPEGFixture.xmp(applePacket(fields)),
            JPEGFixture.segment(0xE2, JPEGFixture.mpfPayload(entries: nil, numberOfImages: images)),
        ]
        return JPEGFixture.image(segments, body: body)
    }

    static func disparity(_ fields: [Property] = disparityFields, images: UInt32 = 2, exif: [UInt8]? = nil,
                          body: [UInt8] = JPEGFixture.gray16x12Body) -> [UInt8] {
        auxImage(fields, images: images, exif: exif, body: body)
    }

    static func matte(_ fields: [Property] = matteFields, images: UInt32 = 3,
                      body: [UInt8] = JPEGFixture.gray16x12Body) -> [UInt8] {
        auxImage(fields, images: images, body: body)
    }

    /// The primary's Exif, as in the demo file.
    static let exif1 = JPEGFixture.exif(orientation: 1)

    // MARK: - Pixel data

    /// `body` with its SOF0 width and height replaced. 16×12, 16×16 and 12×16 gray all code
    /// the same 2×2 blocks of 8×8, so the scan stays valid for the new size.
    static func resized(_ body: [UInt8], width: UInt16, height: UInt16) -> [UInt8] {
        var b = body
        // SOF0: FF C0, length, precision, height (2), width (2).
        guard let sof = (0..<(b.count - 1)).first(where: { b[$0] == 0xFF && b[$0 + 1] == 0xC0 }) else { return b }
        b[sof + 5] = UInt8(height >> 8); b[sof + 6] = UInt8(height & 0xFF)
        b[sof + 7] = UInt8(width >> 8); b[sof + 8] = UInt8(width & 0xFF)
        return b
    }

    /// The 16×12 gray image as a whole JPEG (SOI to EOI), the payload of GDepth and Dynamic Depth.
    static let grayJPEG = JPEGFixture.soi + JPEGFixture.gray16x12Body

    // MARK: - MPF layout

    /// A primary with an APP2 MPF index followed by `secondaries`. The entries are first laid
    /// out correctly (sizes, offsets from the MPF TIFF header, attribute 0x030000 for the
    /// primary); `edit` may then change them, their number included.
    static func mpFile(primaryBefore: [[UInt8]] = [exif1], primaryAfter: [[UInt8]] = [],
                       secondaries: [[UInt8]], numberOfImages: UInt32? = nil,
                       edit: ([JPEGFixture.MPEntry]) -> [JPEGFixture.MPEntry]) -> [UInt8] {
        func primary(_ entries: [JPEGFixture.MPEntry]) -> [UInt8] {
            let mpf = JPEGFixture.mpfPayload(entries: entries, numberOfImages: numberOfImages)
            return JPEGFixture.image(primaryBefore + [JPEGFixture.segment(0xE2, mpf)] + primaryAfter,
                                     body: JPEGFixture.color64x48Body)
        }
        let n = secondaries.count + 1
        var entries = (0..<n).map { JPEGFixture.MPEntry(attribute: $0 == 0 ? 0x0003_0000 : 0) }
        // The primary's length depends only on how many entries its index has.
        let edited = edit(entries).count
        let primarySize = primary(Array(repeating: JPEGFixture.MPEntry(attribute: 0), count: edited)).count
        let base = 2 + primaryBefore.reduce(0) { $0 + $1.count } + 8
        entries[0].size = UInt32(primarySize)
        var at = primarySize
        for (i, s) in secondaries.enumerated() {
            entries[i + 1].size = UInt32(s.count)
            entries[i + 1].offset = UInt32(at - base)
            at += s.count
        }
        return primary(edit(entries)) + secondaries.flatMap { $0 }
    }

    /// `bytes` with the first occurrence of `pattern` at or after `from` replaced by `replacement`
    /// (same length).
    static func replacingFirst(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8],
                               from: Int = 0) -> [UInt8] {
        var b = bytes
        guard pattern.count == replacement.count, b.count >= pattern.count else { return b }
        for i in from...(b.count - pattern.count) where b[i..<(i + pattern.count)].elementsEqual(pattern) {
            b.replaceSubrange(i..<(i + pattern.count), with: replacement)
            break
        }
        return b
    }

    // MARK: - GDepth (Google Depthmap Metadata)

    static let gDepthNS = "http://ns.google.com/photos/1.0/depthmap/"

    /// The GDepth fields of a Lens Blur photo whose map is the 16×12 gray JPEG, small enough
    /// for the main packet.
    static var gDepthFields: [Property] {
        [("GDepth:Format", "RangeInverse"), ("GDepth:Near", "0.5"), ("GDepth:Far", "4.0"), ("GDepth:Units", "m"),
         ("GDepth:Mime", "image/jpeg"), ("GDepth:Data", Data(grayJPEG).base64EncodedString())]
    }

    /// A packet holding `fields` as attributes of one rdf:Description, plus `namespaces`
    /// declarations beyond GDepth.
    static func attributePacket(_ fields: [Property], namespaces: [(String, String)] = []) -> String {
        let ns = ([("GDepth", gDepthNS)] + namespaces).map { "xmlns:\($0.0)=\"\($0.1)\"" }.joined(separator: "\n    ")
        let attrs = fields.map { "\($0.name)=\"\($0.value)\"" }.joined(separator: "\n    ")
        return """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about=""
                \(ns)
                \(attrs)/>
            </rdf:RDF></x:xmpmeta>
            """
    }

    /// A single-image JPEG (64×48 colour) with Exif orientation 1 and the GDepth packet.
    static func gDepthPhoto(_ fields: [Property]) -> [UInt8] {
        JPEGFixture.image([exif1, JPEGFixture.xmp(attributePacket(fields))], body: JPEGFixture.color64x48Body)
    }

    // MARK: - Dynamic Depth 1.0

    /// One `Container:Item` of the directory.
    struct DDItem {
        var mime: String
        var length: Int
        var dataURI: String?
    }

    /// The DepthMap attributes Android writes (RangeInverse, Meters, 0 ≤ Near < Far, both URIs).
    static let ddDepthMap: [Property] = [
        ("DepthMap:ItemSemantic", "Depth"), ("DepthMap:Format", "RangeInverse"), ("DepthMap:Near", "0.2"),
        ("DepthMap:Far", "12.5"), ("DepthMap:Units", "Meters"), ("DepthMap:DepthURI", "android/depthmap"),
        ("DepthMap:ConfidenceURI", "android/confidencemap"), ("DepthMap:MeasureType", "OpticalAxis"),
    ]

    /// A Dynamic Depth 1.0 packet: the container directory, one DepthPhoto profile using
    /// camera 0, and that camera with its primary image and depth map. Each array item is an
    /// `rdf:li` wrapping its element, as the reference writer does.
    static func ddPacket(items: [DDItem], depthMap: [Property] = ddDepthMap, cameraIndex: Int = 0) -> String {
        func ns(_ x: String) -> String { "xmlns:\(x)=\"http://ns.google.com/photos/dd/1.0/\(x.lowercased())/\"" }
        let dir = items.map { i in
            var a = "Item:Mime=\"\(i.mime)\" Item:Length=\"\(i.length)\""
            if let u = i.dataURI { a += " Item:DataURI=\"\(u)\"" }
            return "   <rdf:li rdf:parseType=\"Resource\"><Container:Item \(a)/></rdf:li>"
        }.joined(separator: "\n")
        let map = depthMap.map { "\($0.name)=\"\($0.value)\"" }.joined(separator: " ")
        return """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about=""
              \(ns("Device")) \(ns("Container")) \(ns("Item"))
              \(ns("Profile")) \(ns("Camera")) \(ns("DepthMap")) \(ns("Image"))>
             <Device:Container><Container:Directory><rdf:Seq>
            \(dir)
             </rdf:Seq></Container:Directory></Device:Container>
             <Device:Profiles><rdf:Seq><rdf:li rdf:parseType="Resource">
               <Device:Profile Profile:Type="DepthPhoto">
                 <Profile:CameraIndices><rdf:Seq><rdf:li>\(cameraIndex)</rdf:li></rdf:Seq></Profile:CameraIndices>
               </Device:Profile>
             </rdf:li></rdf:Seq></Device:Profiles>
             <Device:Cameras><rdf:Seq><rdf:li rdf:parseType="Resource">
               <Device:Camera Camera:Trait="Physical">
                 <Camera:Image Image:ItemSemantic="Primary" Image:ItemURI="primary_image"/>
                 <Camera:DepthMap \(map)/>
               </Device:Camera>
             </rdf:li></rdf:Seq></Device:Cameras>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
    }

    /// The directory of a DEPTH_JPEG: the primary (Length 0), then the depth and confidence
    /// maps, each the 16×12 gray JPEG.
    static var ddItems: [DDItem] {
        [DDItem(mime: "image/jpeg", length: 0, dataURI: "primary_image"),
         DDItem(mime: "image/jpeg", length: grayJPEG.count, dataURI: "android/depthmap"),
         DDItem(mime: "image/jpeg", length: grayJPEG.count, dataURI: "android/confidencemap")]
    }

    /// The primary (64×48 colour, Exif, the Dynamic Depth packet) followed by `payloads`.
    static func ddPhoto(_ packet: String, payloads: [[UInt8]]) -> [UInt8] {
        JPEGFixture.image([exif1, JPEGFixture.xmp(packet)], body: JPEGFixture.color64x48Body)
            + payloads.flatMap { $0 }
    }
}
