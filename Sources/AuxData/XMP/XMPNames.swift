#if canImport(CLibXML2)
import CLibXML2
#else
import CLibXML2Darwin
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The namespace URIs, prefixes and local names of XMP packets, interned by the address
/// libxml2's name dictionary hands each over at, for the packets read on one parser context.
/// The dictionary gives one address per distinct name for its lifetime, and it lives as long as
/// its context, which `XMLParserContexts` keeps from one packet to the next: kept with it, the
/// names of a batch's packets (the same hundred or so in every Apple photo) are made into
/// `String`s once, not once per packet.
///
/// A name is found by its address in an open-addressing table (linear probing) and checked
/// byte for byte, so an address that ever held another name gives the right one all the same.
/// Every name keeps its slot until the table starts again: with one name to a slot (64, then
/// 512 slots), names whose addresses hashed alike evicted each other, and about 20 names of
/// every Apple photo were made into strings again, each kept as a new entry of `names`, which
/// grew with the batch until it started again.
final class XMPNames {
    // One parse at a time uses a table (it travels with its parser context): the run-time
    // exclusivity check on each access of a class's stored property guards against nothing.
    @exclusivity(unchecked) private(set) var names: [String] = []
    @exclusivity(unchecked) private var table = [(address: Int, name: Int)](repeating: (0, -1), count: XMPNames.slots)
    /// Slots of `table` that hold a name.
    @exclusivity(unchecked) private(set) var occupied = 0

    /// Names kept between packets at most; a table past it starts again at the next packet.
    static let maxKept = 2048

    /// Slots of the address table: a power of two, `slotBits` bits of an address's hash.
    static let slotBits = 10
    static let slots = 1 << slotBits
    /// Slots filled at most before the table starts again at the next packet: three in four,
    /// so that a probe meets an empty slot soon. A packet that fills it further keeps its
    /// further names out of the table (interned each time they are met, never lost).
    static let maxOccupied = slots / 4 * 3

    /// Called before a packet: a table grown past `maxKept` names or `maxOccupied` slots
    /// starts empty. Never during a packet, whose elements hold indices into `names`.
    func startPacket() {
        guard names.count > Self.maxKept || occupied > Self.maxOccupied else { return }
        names.removeAll(keepingCapacity: true)
        for i in table.indices { table[i] = (0, -1) }
        occupied = 0
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
        // Fibonacci hashing: the top `slotBits` bits of the address times 2^64/φ pick the
        // first slot; the probe goes on to the next until the address or an empty slot.
        var slot = Int(truncatingIfNeeded: (UInt(bitPattern: address) &* 0x9E37_79B9_7F4A_7C15) >> UInt(64 - Self.slotBits))
        while table[slot].name >= 0 {
            if table[slot].address == address {
                let known = table[slot].name
                if names[known].utf8.withContiguousStorageIfAvailable({
                    guard $0.count == bytes.count, let a = $0.baseAddress else { return $0.count == bytes.count }
                    return memcmp(a, p, bytes.count) == 0
                }) == true {
                    return known
                }
                // The address holds another name now: it takes the slot.
                let i = append(bytes)
                table[slot].name = i
                return i
            }
            slot = (slot + 1) & (Self.slots - 1)
        }
        let i = append(bytes)
        // One slot always stays empty, so that every probe ends.
        if occupied < Self.slots - 1 {
            table[slot] = (address, i)
            occupied += 1
        }
        return i
    }

    private func append(_ bytes: UnsafeBufferPointer<xmlChar>) -> Int {
        names.append(Self.known(bytes) ?? String(decoding: bytes, as: UTF8.self))
        return names.count - 1
    }
}
