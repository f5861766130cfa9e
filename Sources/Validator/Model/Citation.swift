/// Where a rule comes from: a public document and a clause or page, or a section of
/// depthcheck's own README for its options. The level of the sentence (shall / should /
/// convention) decides the rule's severity. A citation names documents a reader can find
/// (a specification clause, an Apple or Google documentation page), never a file.
package struct Citation: Sendable, Equatable, CustomStringConvertible {
    package enum Document: String, Sendable {
        case heif = "ISO/IEC 23008-12:2022"
        case isobmff = "ISO/IEC 14496-12:2022"
        case hevcFileFormat = "ISO/IEC 14496-15:2022"
        case hevc = "ITU-T H.265 (ISO/IEC 23008-2)"
        case mpf = "CIPA DC-007-2021 (Multi-Picture Format)"
        case jpeg = "ITU-T T.81 (ISO/IEC 10918-1)"
        case exif = "CIPA DC-008-2023 (Exif 3.0)"
        case xmpPart1 = "Adobe XMP Specification Part 1 (2012)"
        case xmp = "Adobe XMP Specification Part 3 (2016)"
        case appleDepth = "Apple Developer Documentation, AVFoundation:"
        case appleMatte = "Apple Developer Documentation, AVFoundation: AVPortraitEffectsMatte, AVSemanticSegmentationMatte"
        case appleImageIO = "Apple Developer Documentation, ImageIO: auxiliary data"
        case appleCapture = "Apple Developer Documentation, AVFoundation: AVCapturePhotoOutput"
        case heifToneMap = "ISO/IEC 23008-12:2025/Amd 1 (tone-mapped image items)"
        case miaf = "ISO/IEC 23000-22:2019 (MIAF)"
        case avif = "AV1 Image File Format (AVIF) v1.1.0"
        case gainMap = "ISO 21496-1:2025 (gain map metadata)"
        case ultraHDR = "Android Ultra HDR Image Format v1.1 (developer.android.com/media/platform/hdr-image-format)"
        case gdepth = "Google Depthmap Metadata (GDepth)"
        case dynamicDepth = "Google Dynamic Depth 1.0"
        case xdm = "XDM 1.0 (eXtensible Device Metadata, Intel and Google, 2015)"
        /// Samsung publishes no description of its SEF trailer; ExifTool's tag documentation
        /// is the public one every reader follows.
        case samsungTrailer = "ExifTool Samsung Trailer tags (exiftool.org/TagNames/Samsung.html#Trailer)"
        /// depthcheck's own options and limits; the clause names the README section.
        case depthcheck = "depthcheck README"
    }

    package let document: Document
    /// Clause, section or page, e.g. "§6.5.8" or "kCGImageAuxiliaryDataInfoDataDescription".
    package let clause: String

    package init(_ document: Document, _ clause: String) {
        self.document = document
        self.clause = clause
    }

    package var description: String { "\(document.rawValue) \(clause)" }
}
