import Container
import Foundation
import Validator

extension BadCorpus {
    /// Known-bad JPEG files, one or more per JPEG-side rule.
    package static let jpegCases: [BadCase] = structureCases + dictionaryCases + geometryCases + matteCases + googleCases

    private typealias P = JPEGBadParts
    private typealias Entry = JPEGFixture.MPEntry

    static let structureCases: [BadCase] = [
        // The disparity image's coded data runs to the end of the file: its EOI (FF D9) is missing.
        BadCase(rule: .structureJPEGSegmentInvalid, name: "aux-missing-eoi.jpg") {
            let aux = P.disparity()
            return JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [Array(aux.dropLast(2))])
        },
        // Two bytes ("?>") follow the primary's Exif segment where the next marker belongs, as
        // when a writer leaves a packet's end outside the segment length it declared.
        BadCase(rule: .structureJPEGExtraneousBytes, name: "stray-bytes-after-exif.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1 + [0x3F, 0x3E]], secondaries: [P.disparity()])
        },
        // Sixteen zero bytes follow the disparity image's EOI; no MP entry covers them.
        BadCase(rule: .structureJPEGTrailingData, name: "zeros-after-last-image.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity()],
                                     trailing: [UInt8](repeating: 0, count: 16))
        },
        // Four bytes that are not padding sit between the primary's EOI and the disparity SOI
        // the entry points at.
        BadCase(rule: .structureJPEGTrailingData, name: "bytes-between-primary-and-disparity.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [[1, 2, 3, 4] + P.disparity()]) {
                $0[1].offset += 4
                $0[1].size -= 4
            }
        },
        // A complete JPEG follows the disparity image's EOI; no MP entry locates it.
        BadCase(rule: .structureJPEGTrailingData, name: "unindexed-image-after-last.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity()],
                                     trailing: JPEGFixture.image([]))
        },
        // A Samsung SEF trailer cut short to its directory (as Media3's shortened motion photo
        // is): its first entry now counts 4,096 bytes back from SEFH, before the file's first
        // byte, its second into the primary image.
        BadCase(rule: .structureJPEGSamsungEntryOutOfBounds, name: "sef-entry-before-file.jpg") {
            var directory = Array(TrailerFixture.samsungDualShot(depth: false).trailer.suffix(44))
            directory.replaceSubrange(16..<20, with: [0x00, 0x10, 0x00, 0x00])
            return TrailerFixture.primary() + directory
        },
        // The primary's Exif IFD0 claims 3 entries but the segment holds only one (and the next-IFD offset).
        BadCase(rule: .structureTIFFIfdInvalid, name: "exif-entry-count-past-end.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [JPEGFixture.exif(orientation: 1, entryCount: 3)],
                                     secondaries: [P.disparity()])
        },
        // The primary's MP Index IFD has MPFVersion "0200" instead of "0100".
        BadCase(rule: .structureMPFVersion, name: "mpf-version-0200.jpg") {
            let good = JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity()])
            return P.replacingFirst(Array("0100".utf8), with: Array("0200".utf8), in: good, from: 2 + P.exif1.count)
        },
        // NumberOfImages says 3 while MPEntry holds two 16-byte entries.
        BadCase(rule: .structureMPFImageCountMismatch, name: "number-of-images-3-entries-2.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity()], numberOfImages: 3)
        },
        // The first MP entry (the primary) has data offset 8 instead of 0.
        BadCase(rule: .structureMPFFirstEntryOffset, name: "first-offset-8.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity()]) { $0[0].offset = 8 }
        },
        // The first MP entry's type is 0 (undefined) instead of 0x030000 (baseline MP primary image).
        BadCase(rule: .structureMPFFirstEntryType, name: "first-type-undefined.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity()], attributes: [0, 0])
        },
        // The index lists two images while the disparity image's stub says three.
        BadCase(rule: .structureMPFStubMismatch, name: "disparity-stub-says-3.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity(images: 3)])
        },
        // A third MP entry repeats the second: two entries point at the same disparity image.
        BadCase(rule: .structureMPFEntryOffsetOutOfBounds, name: "two-entries-same-offset.jpg") {
            P.mpFile(secondaries: [P.disparity(images: 3)]) { $0 + [$0[1]] }
        },
        // The disparity entry's offset counts from the file's start, not the MPF TIFF header, so it misses the SOI.
        BadCase(rule: .structureMPFEntryOffsetOutOfBounds, name: "offset-from-file-start.jpg") {
            P.mpFile(secondaries: [P.disparity()]) { e in
                var e = e
                e[1].offset = e[0].size
                return e
            }
        },
        // The file ends 10 bytes before the disparity image's end: its EOI and coded data are cut off.
        BadCase(rule: .structureMPFImageTruncated, name: "disparity-cut-short.jpg") {
            Array(JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity()]).dropLast(10))
        },
        // Image 2 hides a complete JPEG in a COM segment and entry 3 points at it: image 3
        // starts inside image 2.
        BadCase(rule: .structureMPFImagesOverlap, name: "image-inside-image.jpg") {
            JPEGFixture.nestedSecondary().bytes
        },
        // The disparity entry declares 16 bytes fewer than the image has from SOI to EOI.
        BadCase(rule: .structureMPFEntrySizeMismatch, name: "disparity-size-short-by-16.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity()]) { $0[1].size -= 16 }
        },
        // The primary carries a second APP2 MPF index (with zero sizes and offsets) after the first.
        BadCase(rule: .structureMPFDuplicateIndex, name: "second-mpf-segment.jpg") {
            let stale = JPEGFixture.mpfPayload(entries: [Entry(attribute: 0x0003_0000), Entry(attribute: 0)])
            return JPEGFixture.multiPicture(primaryBefore: [P.exif1], primaryAfter: [JPEGFixture.segment(0xE2, stale)],
                                            secondaries: [P.disparity()])
        },
        // The Extended XMP GUID (and HasExtendedXMP) is the MD5 of the packet without its last byte.
        // The primary declares an Ultra HDR gain map (hdrgm:Version, a GContainer GainMap item)
        // but nothing follows it: the editor that saved it dropped the image and kept the XMP.
        BadCase(rule: .gainmapOrphaned, name: "declared-gain-map-missing.jpg") {
            UltraHDRFixture.photo(mpf: false, gainMap: false)
        },
        // A gain map image with its hdrgm XMP after a primary that declares none.
        BadCase(rule: .gainmapOrphaned, name: "undeclared-gain-map.jpg") { UltraHDRFixture.photo(declare: false) },
        // The gain map image's hdrgm:Version is 2.0; the format defines 1.0.
        BadCase(rule: .gainmapHdrgmRangeInvalid, name: "hdrgm-version-2.jpg") {
            UltraHDRFixture.photo(mapFields: UltraHDRFixture.gainMapFields(setting: "Version", to: "2.0"))
        },
        // The gain map's hdrgm XMP gives GainMapMax 3 where its ISO 21496-1 segment gives 2.
        BadCase(rule: .gainmapHdrgmTmapMismatch, name: "jpeg-hdrgm-max-3-iso-max-2.jpg") {
            UltraHDRFixture.photo(iso: true, mapFields: UltraHDRFixture.gainMapFields(setting: "GainMapMax", to: "3.0"))
        },
        // The directory says the gain map is 10 bytes longer than it is.
        BadCase(rule: .gainmapDirectoryLengthMismatch, name: "item-length-10-more.jpg") { UltraHDRFixture.photo(lengthDelta: 10) },
        BadCase(rule: .structureXMPExtendedInvalid, name: "extended-xmp-md5-mismatch.jpg") {
            let data = P.gDepthFields.filter { $0.name == "GDepth:Data" }
            let extended = Array(P.attributePacket(data).utf8)
            let guid = MD5.hexDigest(extended.dropLast())
            let main = P.gDepthFields.filter { $0.name != "GDepth:Data" } + [("xmpNote:HasExtendedXMP", guid)]
            let packet = P.attributePacket(main, namespaces: [("xmpNote", "http://ns.adobe.com/xmp/note/")])
            return JPEGFixture.image([P.exif1, JPEGFixture.xmp(packet)]
                                     + JPEGFixture.extendedXMP(extended, chunkSize: 256, guid: guid),
                                     body: JPEGFixture.color64x48Body)
        },
        // The primary's XMP packet closes rdf:RDF while rdf:Description is still open.
        BadCase(rule: .structureXMPNotWellFormed, name: "primary-xmp-unclosed-description.jpg") {
            let packet = """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description rdf:about="" xmlns:tiff="http://ns.adobe.com/tiff/1.0/">
                <tiff:Orientation>1</tiff:Orientation>
                </rdf:RDF></x:xmpmeta>
                """
            return JPEGFixture.multiPicture(primaryBefore: [P.exif1, JPEGFixture.xmp(packet)],
                                            secondaries: [P.disparity()])
        },
        // apdi:FloatMaxValue is a word, not a real (XMP Part 1 §8.2 value types).
        BadCase(rule: .structureXMPNotWellFormed, name: "apdi-float-not-a-number.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [
                P.disparity(P.setting(P.disparityFields, "apdi:FloatMaxValue", "two")),
            ])
        },
        // A text file: neither a JPEG SOI nor an ISOBMFF ftyp.
        BadCase(rule: .structureFileUnreadable, name: "not-an-image.bin") {
            Array("This is a text file, not a photo.\n".utf8)
        },
        // A valid single-image JPEG with no depth or disparity image, checked with --require depth.
        BadCase(rule: .structureAuxRequiredMissing, name: "no-depth.jpg") {
            JPEGFixture.image([P.exif1], body: JPEGFixture.color64x48Body)
        },
    ]

    static let dictionaryCases: [BadCase] = [
        // The disparity map's NativeFormat is L008 (its stored format), which AVDepthData does not accept.
        BadCase(rule: .dictionaryPixelFormatNotAllowed, name: "disparity-native-l008.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [
                P.disparity(P.setting(P.disparityFields, "apdi:NativeFormat", P.L008)),
            ])
        },
        // The disparity map's XMP has no apdi:NativeFormat.
        BadCase(rule: .dictionaryPixelFormatMissing, name: "disparity-without-native-format.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [
                P.disparity(P.setting(P.disparityFields, "apdi:NativeFormat", nil)),
            ])
        },
        // AuxiliaryImageType says depth but NativeFormat is hdis (disparity).
        BadCase(rule: .dictionaryPixelFormatKindMismatch, name: "type-depth-format-hdis.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [
                P.disparity(P.setting(P.disparityFields, "apdi:AuxiliaryImageType", "depth")),
            ])
        },
        // StoredFormat is hdis, but maps are stored as L008 (8-bit gray).
        BadCase(rule: .dictionaryStoredFormatMismatch, name: "stored-format-hdis.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [
                P.disparity(P.setting(P.disparityFields, "apdi:StoredFormat", P.hdis)),
            ])
        },
        // IntMinValue and IntMaxValue are swapped (255...0).
        BadCase(rule: .dictionaryIntRangeInvalid, name: "int-range-swapped.jpg") {
            let f = P.setting(P.setting(P.disparityFields, "apdi:IntMinValue", "255"), "apdi:IntMaxValue", "0")
            return JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity(f)])
        },
        // FloatMinValue and FloatMaxValue are swapped (2.0...0.5).
        BadCase(rule: .dictionaryFloatRangeInvalid, name: "float-range-swapped.jpg") {
            let f = P.setting(P.setting(P.disparityFields, "apdi:FloatMinValue", "2.000000"),
                              "apdi:FloatMaxValue", "0.500000")
            return JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity(f)])
        },
        // The aux image's AuxiliaryImageType is a URN depthcheck does not know.
        BadCase(rule: .dictionaryAuxTypeUnknown, name: "unknown-aux-type-urn.jpg") {
            let fields: [P.Property] = [("apdi:NativeFormat", P.L008), ("apdi:StoredFormat", P.L008),
                                        ("apdi:AuxiliaryImageType", "urn:com:example:photo:2030:aux:futuremap")]
            return JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.auxImage(fields)])
        },
    ]

    static let geometryCases: [BadCase] = [
        // The disparity map is 12×16 (portrait) under a 64×48 (landscape) primary: rotated against it.
        BadCase(rule: .geometryAuxAspectMismatch, name: "disparity-12x16-primary-64x48.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [
                P.disparity(body: P.resized(JPEGFixture.gray16x12Body, width: 12, height: 16)),
            ])
        },
        // The calibration's reference frame is 3024×4032 (portrait) while the primary is 64×48 (landscape).
        BadCase(rule: .geometryIntrinsicsAspectMismatch, name: "intrinsics-reference-portrait.jpg") {
            let f = P.disparityFields + [("depthData:IntrinsicMatrixReferenceWidth", "3024"),
                                         ("depthData:IntrinsicMatrixReferenceHeight", "4032")]
            return JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.disparity(f)])
        },
        // The disparity image carries its own Exif Orientation 6 while the primary's is 1.
        BadCase(rule: .geometryJPEGAuxOrientation, name: "aux-orientation-6.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [
                P.disparity(exif: JPEGFixture.exif(orientation: 6)),
            ])
        },
    ]

    static let matteCases: [BadCase] = [
        // A portrait effects matte with no depth or disparity image beside it.
        BadCase(rule: .matteRequiresDepth, name: "matte-without-disparity.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [P.matte(images: 2)])
        },
        // The matte's NativeFormat is hdis instead of L008.
        BadCase(rule: .mattePixelFormat, name: "matte-native-hdis.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [
                P.disparity(images: 3), P.matte(P.setting(P.matteFields, "apdi:NativeFormat", P.hdis)),
            ])
        },
        // The matte is 12×16 (portrait) under a 64×48 (landscape) primary.
        BadCase(rule: .matteAspectMismatch, name: "matte-12x16-primary-64x48.jpg") {
            JPEGFixture.multiPicture(primaryBefore: [P.exif1], secondaries: [
                P.disparity(images: 3), P.matte(body: P.resized(JPEGFixture.gray16x12Body, width: 12, height: 16)),
            ])
        },
    ]

    static let googleCases: [BadCase] = [
        // XDM 1.0: camera 0's DepthMap has no Near.
        BadCase(rule: .googleXDMRequiredMissing, name: "xdm-depthmap-without-near.jpg") {
            XDMFixture.photo(fields: ["Near": nil])
        },
        // GDepth without GDepth:Far.
        BadCase(rule: .googleGDepthRequiredMissing, name: "gdepth-without-far.jpg") {
            P.gDepthPhoto(P.setting(P.gDepthFields, "GDepth:Far", nil))
        },
        // GDepth Near 4.0 is above Far 0.5 (the two are swapped).
        BadCase(rule: .googleGDepthNearNotBelowFar, name: "gdepth-near-far-swapped.jpg") {
            P.gDepthPhoto(P.setting(P.setting(P.gDepthFields, "GDepth:Near", "4.0"), "GDepth:Far", "0.5"))
        },
        // GDepth:Format is RangeLog, which GDepth does not define.
        BadCase(rule: .googleGDepthFormatUnknown, name: "gdepth-format-rangelog.jpg") {
            P.gDepthPhoto(P.setting(P.gDepthFields, "GDepth:Format", "RangeLog"))
        },
        // GDepth:Mime says image/png but Data is a JPEG.
        BadCase(rule: .googleGDepthMIMEMismatch, name: "gdepth-png-mime-jpeg-data.jpg") {
            P.gDepthPhoto(P.setting(P.gDepthFields, "GDepth:Mime", "image/png"))
        },
        // The Dynamic Depth directory lists depth and confidence payloads, but nothing follows the primary's EOI.
        BadCase(rule: .googleDynamicDepthItemsOutOfBounds, name: "dynamic-depth-payloads-missing.jpg") {
            P.ddPhoto(P.ddPacket(items: P.ddItems), payloads: [])
        },
        // The Dynamic Depth map is RangeLinear; Android's DEPTH_JPEG validator needs RangeInverse.
        BadCase(rule: .googleDynamicDepthAndroidRequirements, name: "dynamic-depth-range-linear.jpg") {
            let map = P.setting(P.ddDepthMap, "DepthMap:Format", "RangeLinear")
            return P.ddPhoto(P.ddPacket(items: P.ddItems, depthMap: map), payloads: [P.grayJPEG, P.grayJPEG])
        },
        // The camera's DepthURI is android/depth, but the directory's depth item is android/depthmap.
        BadCase(rule: .googleDynamicDepthURIUnresolved, name: "dynamic-depth-depth-uri-unknown.jpg") {
            let map = P.setting(P.ddDepthMap, "DepthMap:DepthURI", "android/depth")
            return P.ddPhoto(P.ddPacket(items: P.ddItems, depthMap: map), payloads: [P.grayJPEG, P.grayJPEG])
        },
        // The DepthPhoto profile names camera 1; Device:Cameras has one camera, camera 0.
        BadCase(rule: .googleDynamicDepthProfileCamera, name: "dynamic-depth-profile-camera-1.jpg") {
            P.ddPhoto(P.ddPacket(items: P.ddItems, cameraIndex: 1), payloads: [P.grayJPEG, P.grayJPEG])
        },
        // DepthMap:Near 12.5 and Far 0.2: the range runs backwards.
        BadCase(rule: .googleDynamicDepthNearNotBelowFar, name: "dynamic-depth-near-far-swapped.jpg") {
            let map = P.setting(P.setting(P.ddDepthMap, "DepthMap:Near", "12.5"), "DepthMap:Far", "0.2")
            return P.ddPhoto(P.ddPacket(items: P.ddItems, depthMap: map), payloads: [P.grayJPEG, P.grayJPEG])
        },
        // The DepthMap has no Units.
        BadCase(rule: .googleDynamicDepthRequiredMissing, name: "dynamic-depth-units-missing.jpg") {
            let map = P.ddDepthMap.filter { $0.name != "DepthMap:Units" }
            return P.ddPhoto(P.ddPacket(items: P.ddItems, depthMap: map), payloads: [P.grayJPEG, P.grayJPEG])
        },
        // The 16×12 depth map has a 12×16 confidence map.
        BadCase(rule: .googleDynamicDepthConfidenceSize, name: "dynamic-depth-confidence-transposed.jpg") {
            let confidence = JPEGFixture.soi + P.resized(JPEGFixture.gray16x12Body, width: 12, height: 16)
            return P.ddPhoto(P.ddPacket(items: P.ddItems), payloads: [P.grayJPEG, confidence])
        },
        // GDepth:Units is cm and GDepth:MeasureType Radial, neither of which GDepth defines.
        BadCase(rule: .googleGDepthMeasureUnknown, name: "gdepth-units-cm-measure-radial.jpg") {
            P.gDepthPhoto(P.setting(P.gDepthFields, "GDepth:Units", "cm") + [("GDepth:MeasureType", "Radial")])
        },
        // The 16×12 depth map has a 12×16 JPEG confidence map.
        BadCase(rule: .googleGDepthConfidenceSize, name: "gdepth-confidence-transposed.jpg") {
            let confidence = JPEGFixture.soi + P.resized(JPEGFixture.gray16x12Body, width: 12, height: 16)
            return P.gDepthPhoto(P.gDepthFields + [("GDepth:ConfidenceMime", "image/jpeg"),
                                                   ("GDepth:Confidence", Data(confidence).base64EncodedString())])
        },
    ]
}
