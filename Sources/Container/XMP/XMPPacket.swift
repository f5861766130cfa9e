/// Namespace for XMP packets as they are stored in JPEG APP1 segments: StandardXMP and the
/// chunks of ExtendedXMP. The packets are located and reassembled here; their XML is read
/// elsewhere.
///
/// Adobe XMP Specification Part 3 (2016) §1.1.3.
package enum XMPPacket {}
