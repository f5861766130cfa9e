/// Namespace for TIFF-structured metadata: the Exif APP1 segment and the TIFF header and IFD
/// layout that Exif and MPF share.
///
/// CIPA DC-008 (Exif 2.32) §4.5.2 and §4.6.2; TIFF 6.0 §2.
package enum Exif {}
