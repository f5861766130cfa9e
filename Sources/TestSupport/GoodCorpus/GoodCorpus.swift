import Container
import Foundation

/// Files every rule must pass: the two files of `Corpus/good/` and, for the rules those two
/// do not reach (mattes, calibration, GDepth, Extended XMP, Dynamic Depth), photos made from
/// the same correct parts the known-bad cases break one at a time.
package enum GoodCorpus {
    private typealias P = JPEGBadParts

    package static let all: [GoodCase] = WriterCorpus.goodCases + [
        // Corpus/good/jpeg-disparity.jpg: primary with Exif and MPF, a 16×12 disparity map.
        GoodCase(name: "jpeg-disparity.jpg") { JPEGFixture.demoDisparity() },
        // Corpus/good/heif-disparity.heic: primary and disparity items with auxC SEI and XMP.
        GoodCase(name: "heif-disparity.heic") { HEIFFixture.corpusDisparity.build() },
        // A disparity map and a portrait effects matte (L008, the primary's aspect).
        GoodCase(name: "jpeg-disparity-matte.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity(images: 3), P.matte()])
        },
        // A disparity map whose calibration reference frame is the primary's 64×48.
        GoodCase(name: "jpeg-disparity-intrinsics.jpg") {
            let f = P.disparityFields + [("depthData:IntrinsicMatrixReferenceWidth", "64"),
                                         ("depthData:IntrinsicMatrixReferenceHeight", "48")]
            return JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity(f)])
        },
        // A disparity map, a portrait matte and a hair matte, the mattes without
        // apdi:NativeFormat, as iPhones write their semantic mattes (a matte's format is fixed).
        GoodCase(name: "jpeg-mattes-without-native-format.jpg") {
            let portrait = P.setting(P.matteFields, "apdi:NativeFormat", nil)
            let hair = P.setting(P.setting(portrait, "apdi:AuxiliaryImageSubType", nil), "apdi:AuxiliaryImageType",
                                 "urn:com:apple:photo:2019:aux:semantichairmatte")
            return JPEGFixture.multiPicture(primaryBefore: [P.exif1],
                                            secondaries: [P.disparity(images: 4), P.matte(portrait, images: 4), P.matte(hair, images: 4)])
        },
        // Ultra HDR: hdrgm:Version and a GContainer directory in the primary, an MP index,
        // the gain map with its hdrgm XMP; then with ISO 21496-1 segments in both images; then
        // with no MP index, the directory alone locating the gain map.
        GoodCase(name: "jpeg-ultrahdr.jpg") { UltraHDRFixture.photo() },
        GoodCase(name: "jpeg-ultrahdr-iso21496.jpg") { UltraHDRFixture.photo(iso: true) },
        GoodCase(name: "jpeg-ultrahdr-no-mpf.jpg") { UltraHDRFixture.photo(mpf: false) },
        // A Live Focus photo's Samsung SEF trailer: a DualShot depth map of 8-bit samples, the
        // block that gives its size, the directory locating both.
        // A hidden 1×1 grid of the primary's picture: a derivation in MIAF's order.
        GoodCase(name: "heif-hidden-grid.heic") { HEIFFixture.hiddenGridOfThePrimary() },
        // A MIAF file's 4:2:0 primary cropped to 60×48: even offsets and sizes (MIAF §7.3.6.7).
        GoodCase(name: "heif-cropped-primary.heic") { HEIFFixture.croppedPrimary() },
        // A HEIF whose Exif item starts with exif_tiff_header_offset 0 and the TIFF header.
        GoodCase(name: "heif-exif-item.heic") { BadCorpus.exifItem(offset: 0) },
        GoodCase(name: "jpeg-samsung-dualshot.jpg") { TrailerFixture.primary() + TrailerFixture.samsungDualShot().trailer },
        // GDepth (Lens Blur) with every field, the map a JPEG inside the main packet.
        GoodCase(name: "jpeg-gdepth.jpg") { P.gDepthPhoto(P.gDepthFields) },
        // GDepth whose Data travels in Extended XMP, the GUID the MD5 of the extended packet.
        GoodCase(name: "jpeg-gdepth-extended-xmp.jpg") {
            let data = P.gDepthFields.filter { $0.name == "GDepth:Data" }
            let extended = Array(P.attributePacket(data).utf8)
            let guid = MD5.hexDigest(extended)
            let main = P.gDepthFields.filter { $0.name != "GDepth:Data" } + [("xmpNote:HasExtendedXMP", guid)]
            let packet = P.attributePacket(main, namespaces: [("xmpNote", "http://ns.adobe.com/xmp/note/")])
            return JPEGFixture.image([P.exif1, JPEGFixture.xmp(packet)]
                                     + JPEGFixture.extendedXMP(extended, chunkSize: 256, guid: guid),
                                     body: JPEGFixture.color64x48Body)
        },
        // GDepth with a JPEG confidence map of the depth map's 16×12.
        GoodCase(name: "jpeg-gdepth-confidence.jpg") {
            let confidence = JPEGFixture.soi + P.resized(JPEGFixture.gray16x12Body, width: 16, height: 12)
            return P.gDepthPhoto(P.gDepthFields + [("GDepth:ConfidenceMime", "image/jpeg"),
                                                   ("GDepth:Confidence", Data(confidence).base64EncodedString())])
        },
        // The good HEIF with an Apple gain map, its ISO 21496-1 tmap item, hdrgm XMP and altr group.
        GoodCase(name: "heif-gain-map-tmap.heic") { BadCorpus.heifGainMapGood },
        // Primary and depth turned by irot 270° (anticlockwise), and the Exif Orientation 6 that
        // describes the same turn, as iPhone 15 Pro files carry them.
        GoodCase(name: "heif-irot-270-orientation-6.heic") { irot270(exifOrientation: 6) },
        // Primary and depth turned by irot 270° beside Exif Orientation 1, as MIAF
        // (ISO/IEC 23000-22) §7.3.10.1 asks: Exif transformations should not be present.
        GoodCase(name: "heif-irot-270-orientation-1.heic") { irot270(exifOrientation: 1) },
        // Item 2 is an MPEG depth image (auxC urn:mpeg:mpegB:cicp:systems:auxiliary:depth) with
        // a depth representation SEI in its subtype and no Apple XMP: depth of its own standard.
        GoodCase(name: "heif-mpeg-depth.heic") {
            var f = HEIFBadFile.good
            f.makeMPEGDepth(subtype: HEIFFixture.appleDepthSEI)
            return f.build()
        },
        // A low-overhead HEIF (mini box, brand mif3): a 48×32 gray image with an alpha plane,
        // Exif and XMP.
        GoodCase(name: "heif-mini-alpha.heif") { MiniFixture.goodAlpha() },
        // The good HEIF whose primary has a square pasp (1:1), as MIAF §7.3.6.5 allows.
        GoodCase(name: "heif-pasp-square.heic") {
            var f = HEIFBadFile.good
            let pasp = f.addProperty(BMFFBuilder.box("pasp") { b in b.u32(1); b.u32(1) })
            f.associate(1, HEIFBadFile.primary + [pasp])
            return f.build()
        },
        // The good HEIF with a 16×12 thumbnail of its 64×48 primary: 16 times fewer pixels,
        // within MIAF §7.3.3's factor of 200.
        GoodCase(name: "heif-thumbnail.heic") { HEIFFixture.withThumbnails([(16, 12)]) },
        // An AVIF as heif-enc writes it with libaom: a 4:2:0 colour primary and its
        // monochrome full-range alpha, each one still-picture temporal unit.
        GoodCase(name: "avif-alpha.avif") { AVIFFixture.heifEncAlpha },
        // heif-enc's AVIF primary with an essential a1op of operating point 0 and an lsel of
        // spatial layer 0, the one its data has (AVIF §2.3.2.1, §2.3.2.2).
        GoodCase(name: "avif-a1op-lsel.avif") {
            AVIFFixture.primary(with: [(BMFFBuilder.box("a1op") { b in b.u8(0) }, true),
                                       (BMFFBuilder.box("lsel") { b in b.u16(0) }, true)])
        },
        // A photo of a rectangle and a disc with the disparity map of the same scene, as
        // depthcheck's writer embeds it: the map lines up with the photo.
        GoodCase(name: "jpeg-scene-disparity.jpg") { (try? ContentFixture.photo(mapOrientation: 1)) ?? [] },
        // The same with a portrait matte of its two objects, and as an Ultra HDR photo whose
        // gain map follows its brightness: both line up.
        GoodCase(name: "jpeg-scene-matte.jpg") { (try? ContentFixture.photo(matteOrientation: 1)) ?? [] },
        GoodCase(name: "jpeg-scene-ultrahdr.jpg") { (try? ContentFixture.ultraHDR(gainMapOrientation: 1)) ?? [] },
        // XDM 1.0: two cameras' 16-bit PNG depth maps in the Extended XMP.
        GoodCase(name: "jpeg-xdm.jpg") { XDMFixture.photo() },
        // A Dynamic Depth DEPTH_JPEG: the directory, then the depth and confidence maps.
        GoodCase(name: "jpeg-dynamic-depth.jpg") {
            P.ddPhoto(P.ddPacket(items: P.ddItems), payloads: [P.grayJPEG, P.grayJPEG])
        },
    ]

    /// The good HEIF with primary and depth turned by irot 270° and an Exif item saying
    /// `exifOrientation`.
    static func irot270(exifOrientation: UInt16) -> [UInt8] {
        var f = HEIFBadFile.good
        let rot = f.addProperty(HEIFBadFile.irot(3))
        f.associate(1, HEIFBadFile.primary + [0x80 | rot])
        f.associate(2, [0x83, 0x04, 0x80 | rot, 0x06, 0x85])
        f.addExif(orientation: exifOrientation)
        return f.build()
    }
}
