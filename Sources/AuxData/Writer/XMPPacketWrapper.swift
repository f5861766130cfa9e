/// The XMP packet wrapper (Adobe XMP Specification Part 1 §7.3): the `xpacket` header and
/// trailer processing instructions around a serialized packet, which lets a scanner find XMP
/// in a file it does not understand and says whether the packet may be edited in place
/// (`end="w"`). Part 3 §1.1.3.1 writes the StandardXMP packet of a JPEG with it, and the
/// ExtendedXMP packet without it; `exiftool -validate` warns when a StandardXMP packet lacks it.
enum XMPPacketWrapper {
    /// Part 1 §7.3.2: `begin` holds U+FEFF (its UTF-8 says the encoding), `id` the fixed value.
    static let header = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"
    static let trailer = "<?xpacket end=\"w\"?>"

    /// `packet` (an `x:xmpmeta` element) inside the wrapper.
    static func wrapped(_ packet: String) -> String { header + packet + trailer }
}
