extension JPEG {
    /// Data a vendor's application appends after a JPEG's last image, recognised by the
    /// signature it ends with (each format is read from the end of the file backwards, as its
    /// readers do). Container names what the bytes are and where they start; whether they belong
    /// there is for the rules.
    package struct KnownTrailer: Sendable, Equatable {
        package enum Format: String, Sendable, Equatable, CaseIterable {
            /// Leia Image Format (Lume Pad, RED Hydrogen One): other views and disparity maps.
            case leiaLIF = "Leia LIF (other views and disparity maps of a 3D photo)"
            /// Samsung's SEFH directory and SEFT footer: depth maps, Motion Photo video, edits.
            case samsungSEFT = "Samsung SEFT (depth maps, Motion Photo video, edit data)"
            /// Samsung's QDIO block (Sound & Shot audio), ending in `QDIOBS`.
            case samsungQDIO = "Samsung QDIO (Sound & Shot audio)"
            /// AXS File Concatenation Protocol (IPTC, thumbnail, preview).
            case afcp = "AFCP (AXS File Concatenation Protocol)"
            case fotoStation = "FotoWare FotoStation"
            case photoMechanic = "Photo Mechanic IPTC"
            case canonVRD = "Canon VRD/DR4 recipe (Digital Photo Professional edits)"
            case nikonApp = "Nikon app edit data"
            case insta360 = "Insta360 metadata"
            case vivo = "vivo camera data"
            case onePlus = "OnePlus camera data"
            case mie = "MIE (Meta Information Encapsulation)"
        }

        package let format: Format
        /// The trailer's bytes; when a format does not say its length, from the first byte
        /// after the images to the end of the signature.
        package let range: Range<Int>

        package init(format: Format, range: Range<Int>) {
            self.format = format
            self.range = range
        }

        /// The known trailers that end `range` of `bytes`, last first: each is recognised by its
        /// closing signature, measured, and the rest of the range is searched again.
        package static func identify(in bytes: [UInt8], _ range: Range<Int>) -> [KnownTrailer] {
            var found: [KnownTrailer] = []
            var end = min(range.upperBound, bytes.count)
            let start = max(0, range.lowerBound)
            // Each pass ends the search earlier; the count bounds it whatever the bytes say.
            for _ in 0..<16 where end > start {
                guard let t = trailer(bytes, start..<end) else { break }
                found.append(t)
                end = t.range.lowerBound
            }
            return found
        }

        /// The trailer that ends `r`, if its signature is there.
        static func trailer(_ b: [UInt8], _ r: Range<Int>) -> KnownTrailer? {
            let tail = Tail(b: b, r: r)
            return tail.leiaLIF() ?? tail.samsung() ?? tail.afcp() ?? tail.fotoStation() ?? tail.photoMechanic()
                ?? tail.canonVRD() ?? tail.vendorFooter() ?? tail.mie()
        }

        /// The end of a search range, `r` of `b`, and the formats read back from its last byte.
        private struct Tail {
            let b: [UInt8]
            let r: Range<Int>
            var end: Int { r.upperBound }

            func ends(with s: [UInt8]) -> Bool { r.count >= s.count && b[(end - s.count)..<end].elementsEqual(s) }
            func whole(_ f: Format) -> KnownTrailer { KnownTrailer(format: f, range: r) }
            func measured(_ f: Format, from s: Int?) -> KnownTrailer {
                guard let s, s >= r.lowerBound, s < end else { return whole(f) }
                return KnownTrailer(format: f, range: s..<end)
            }
            func u32(_ at: Int, big: Bool) -> UInt32? { KnownTrailer.u32(b, at, big: big) }

            /// Leia LIF: u32 field count, fields {u32 type, u32 length, data}, then the footer u32
            /// trailer length (the footer included) and 1E 1A; the first field is type 0 of 4 bytes.
            func leiaLIF() -> KnownTrailer? {
                guard ends(with: [0x1E, 0x1A]), r.count >= 18, let n = u32(end - 6, big: true), let s = end -? Int(n), s >= r.lowerBound,
                      let count = u32(s, big: true), count > 0, count < 256, u32(s + 4, big: true) == 0, u32(s + 8, big: true) == 4 else {
                    return nil
                }
                return KnownTrailer(format: .leiaLIF, range: s..<end)
            }

            /// Samsung: blocks [content][u32 length LE][type]; SEFT's content is the SEFH directory
            /// (version, count, entries of u16 0, u16 type, u32 offset back from SEFH, u32 size).
            func samsung() -> KnownTrailer? {
                if ends(with: Array("QDIOBS".utf8)), let n = u32(end - 10, big: false), let s = end -? (10 + Int(n)) {
                    return measured(.samsungQDIO, from: s)
                }
                guard ends(with: [0, 0] + Array("SEFT".utf8)) || ends(with: Array("SEFT".utf8)) else { return nil }
                guard let n = u32(end - 8, big: false), let dir = end -? (8 + Int(n)), dir >= r.lowerBound,
                      b[dir..<min(end, dir + 4)].elementsEqual(Array("SEFH".utf8)), let count = u32(dir + 8, big: false) else {
                    return whole(.samsungSEFT)
                }
                var farthest = 0
                for i in 0..<min(Int(count), 4096) {
                    guard let back = u32(dir + 12 + 12 * i + 4, big: false) else { break }
                    farthest = max(farthest, Int(back))
                }
                return measured(.samsungSEFT, from: dir - farthest)
            }

            /// AFCP: "AXS!" (big-endian) or "AXS*" (little-endian), u32 start offset, 4 bytes.
            func afcp() -> KnownTrailer? {
                guard r.count >= 12, b[end - 12] == 0x41, b[end - 11] == 0x58, b[end - 10] == 0x53,
                      b[end - 9] == 0x21 || b[end - 9] == 0x2A else { return nil }
                let s = u32(end - 8, big: b[end - 9] == 0x21).map(Int.init)
                return measured(.afcp, from: s)
            }

            /// FotoStation: records each ending u16 tag, u32 size (footer included), A1 B2 C3 D4.
            func fotoStation() -> KnownTrailer? {
                guard ends(with: [0xA1, 0xB2, 0xC3, 0xD4]) else { return nil }
                var s = end
                for _ in 0..<64 {
                    guard s - r.lowerBound >= 10, b[(s - 4)..<s].elementsEqual([0xA1, 0xB2, 0xC3, 0xD4]),
                          let size = u32(s - 8, big: true), size >= 10, let next = s -? Int(size), next >= r.lowerBound else { break }
                    s = next
                }
                return measured(.fotoStation, from: s)
            }

            /// Photo Mechanic: u32 size, "cbipcbbl"; the IPTC data of `size` bytes before it.
            func photoMechanic() -> KnownTrailer? {
                guard ends(with: Array("cbipcbbl".utf8)) else { return nil }
                return measured(.photoMechanic, from: u32(end - 12, big: true).flatMap { end -? (12 + Int($0)) })
            }

            /// Canon VRD: a 64-byte footer "CANON OPTIONAL DATA\0" … FF D9; the header starts
            /// with the same text.
            func canonVRD() -> KnownTrailer? {
                let canon = Array("CANON OPTIONAL DATA".utf8) + [0]
                guard r.count >= 64, b[(end - 64)..<(end - 44)].elementsEqual(canon) else { return nil }
                var s: Int?
                var i = end - 64 - canon.count
                while i >= r.lowerBound { if b[i..<(i + canon.count)].elementsEqual(canon) { s = i; break }; i -= 1 }
                return measured(.canonVRD, from: s)
            }

            /// The footers of Nikon, Insta360, vivo and OnePlus.
            func vendorFooter() -> KnownTrailer? {
                // Nikon: u32 trailer length, six NULs, "/NIKON APP".
                if ends(with: [0, 0, 0, 0, 0, 0] + Array("/NIKON APP".utf8)) {
                    return measured(.nikonApp, from: u32(end - 20, big: true).flatMap { end -? Int($0) })
                }
                if ends(with: Array("8db42d694ccc418790edff439fe026bf".utf8)) {
                    return measured(.insta360, from: u32(end - 40, big: false).flatMap { end -? Int($0) })
                }
                if ends(with: [0xFF, 0xFF, 0xFF, 0xFF, 0x1B, 0x2A, 0x39, 0x48, 0x57, 0x66, 0x75, 0x84, 0x93, 0xA2, 0xB1]) {
                    return whole(.vivo)
                }
                if r.count >= 8, ends(with: [0]), b[(end - 8)..<(end - 4)].elementsEqual(Array("jxrs".utf8)) {
                    return whole(.onePlus)
                }
                return nil
            }

            /// MIE: the `zmie` terminator element, "~\0\4\0zmie~\0\0", then \x06 and a 4-byte
            /// length or \x0A and an 8-byte one, a format byte (0x10 or 0x18) and the length's size.
            func mie() -> KnownTrailer? {
                let mie: [UInt8] = [0x7E, 0, 4, 0, 0x7A, 0x6D, 0x69, 0x65, 0x7E, 0, 0]
                for (size, mark) in [(4, UInt8(0x06)), (8, UInt8(0x0A))] where r.count >= mie.count + 3 + size {
                    let s = end - (mie.count + 3 + size)
                    if b[s..<(s + mie.count)].elementsEqual(mie), b[s + mie.count] == mark, b[end - 2] == 0x10 || b[end - 2] == 0x18,
                       Int(b[end - 1]) == size {
                        return whole(.mie)
                    }
                }
                return nil
            }
        }

        /// The u32 at `at`, big- or little-endian; nil when it does not fit `b`.
        package static func u32(_ b: [UInt8], _ at: Int, big: Bool) -> UInt32? {
            guard at >= 0, let e = at +? 4, e <= b.count else { return nil }
            let v = (UInt32(b[at]) << 24) | (UInt32(b[at + 1]) << 16) | (UInt32(b[at + 2]) << 8) | UInt32(b[at + 3])
            return big ? v : v.byteSwapped
        }
    }
}
