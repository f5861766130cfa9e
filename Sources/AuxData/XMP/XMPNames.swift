import CLibXML2
import Glibc

/// The namespace URIs, prefixes and local names of XMP packets, interned by the address
/// libxml2's name dictionary hands each over at, for the packets read on one parser context.
/// The dictionary gives one address per distinct name for its lifetime, and it lives as long as
/// its context, which `XMLParserContexts` keeps from one packet to the next: kept with it, the
/// names of a batch's packets (the same hundred or so in every Apple photo) are made into
/// `String`s once, not once per packet.
///
/// A name is found by its address in one of 512 slots and checked byte for byte, so an address
/// that ever held another name gives the right one all the same. (With 64 slots, the 140 or so
/// names of Apple photos' packets kept evicting each other: about 20 were made into strings
/// again for every photo.)
final class XMPNames {
    // One parse at a time uses a table (it travels with its parser context): the run-time
    // exclusivity check on each access of a class's stored property guards against nothing.
    @exclusivity(unchecked) private(set) var names: [String] = []
    @exclusivity(unchecked) private var recent = [(address: Int, name: Int)](repeating: (0, -1), count: XMPNames.slots)

    /// Names kept between packets at most; a table past it starts again at the next packet
    /// (an address whose slot another name keeps taking is interned once per meeting).
    static let maxKept = 8192

    /// Slots of the address table: a power of two, `slotBits` bits of an address's hash.
    static let slotBits = 9
    static let slots = 1 << slotBits

    /// Called before a packet: a table grown past `maxKept` starts empty. Never during a
    /// packet, whose elements hold indices into `names`.
    func startPacket() {
        guard names.count > Self.maxKept else { return }
        names.removeAll(keepingCapacity: true)
        for i in recent.indices { recent[i] = (0, -1) }
    }

    /// The namespace URI of `XMPNamespace.known` that `bytes` spell, if any: the very string
    /// the readers look names up with, so that `==` finds them equal by identity, where two
    /// copies of `http://www.w3.org/1999/02/22-rdf-syntax-ns#` compare 43 bytes (every element
    /// of every packet is asked whether it is RDF syntax).
    static func known(_ bytes: UnsafeBufferPointer<xmlChar>) -> String? {
        guard let p = bytes.baseAddress else { return nil }
        for uri in XMPNamespace.known where uri.utf8.count == bytes.count {
            var u = uri
            if u.withUTF8({ a in a.baseAddress.map { memcmp($0, p, bytes.count) == 0 } ?? false }) { return uri }
        }
        return nil
    }

    /// The index in `names` of the NUL-terminated name at `p`; -1 for none.
    func intern(_ p: UnsafePointer<xmlChar>?) -> Int {
        guard let p else { return -1 }
        let bytes = UnsafeBufferPointer(start: p, count: Int(xmlStrlen(p)))
        let address = Int(bitPattern: p)
        // Fibonacci hashing: the top `slotBits` bits of the address times 2^64/φ pick the slot.
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: address) &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - Self.slotBits))
        let hit = recent[slot]
        if hit.address == address, hit.name >= 0,
           names[hit.name].utf8.withContiguousStorageIfAvailable({
               guard $0.count == bytes.count, let a = $0.baseAddress else { return $0.count == bytes.count }
               return memcmp(a, p, bytes.count) == 0
           }) == true {
            return hit.name
        }
        let i = names.count
        names.append(Self.known(bytes) ?? String(decoding: bytes, as: UTF8.self))
        recent[slot] = (address, i)
        return i
    }
}
