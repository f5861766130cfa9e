import Container
import Testing

/// Properties of one namespace leave a packet in both RDF forms, found by URI, with every
/// other byte kept.
@Suite struct XMPPropertyRemovalTests {
    static let gDepth = "http://ns.google.com/photos/1.0/depthmap/"

    @Test func attributeAndElementFormsGoUnderAnyPrefix() throws {
        let packet = """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:d='http://ns.google.com/photos/1.0/depthmap/'
              xmlns:n="http://ns.adobe.com/xmp/note/" xmlns:GImage="http://ns.google.com/photos/1.0/image/"
              d:Format="RangeInverse" GImage:Mime="image/jpeg">
              <!-- <d:Near>kept, a comment</d:Near> -->
              <d:Data>AAAA</d:Data>
              <n:HasExtendedXMP>0123456789ABCDEF0123456789ABCDEF</n:HasExtendedXMP>
              <d:Far/>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            <?xpacket end="w"?>
            """
        let (bytes, removed) = try XMPPacket.PropertyRemoval.removing(
            namespace: Self.gDepth, note: .set("FEDCBA9876543210FEDCBA9876543210"), from: Array(packet.utf8), path: "APP1/XMP")
        #expect(removed == 3)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about=""
              xmlns:n="http://ns.adobe.com/xmp/note/" xmlns:GImage="http://ns.google.com/photos/1.0/image/" GImage:Mime="image/jpeg">
              <!-- <d:Near>kept, a comment</d:Near> -->
              <n:HasExtendedXMP>FEDCBA9876543210FEDCBA9876543210</n:HasExtendedXMP>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            <?xpacket end="w"?>
            """)
        let dropped = try XMPPacket.PropertyRemoval.removing(namespace: Self.gDepth, note: .remove, from: Array(packet.utf8), path: "")
        #expect(!String(decoding: dropped.bytes, as: UTF8.self).contains("HasExtendedXMP"))
    }

    @Test func aTagThatDoesNotCloseIsRefused() {
        #expect(throws: ParseError(.xmpMarkupUnreadable, at: 0, path: "APP1/XMP", "start tag <rdf:Description> does not close")) {
            _ = try XMPPacket.PropertyRemoval.removing(namespace: Self.gDepth, from: Array("<rdf:Description a=\"1\"".utf8), path: "APP1/XMP")
        }
    }
}
