extension XMPPacket {
    /// An ExtendedXMP packet reassembled from its chunks.
    ///
    /// Adobe XMP Specification Part 3 §1.1.3.1: all chunks of one packet share the GUID and full
    /// length; their offsets place them in [0, full length); the GUID is the 128-bit MD5 of the
    /// whole packet as 32 uppercase hex digits.
    package struct Extended: Sendable, Equatable {
        package let guid: String
        package let fullLength: Int
        /// The chunks of this GUID, in file order.
        package let chunks: [ExtendedChunk]
        /// The reassembled packet; nil when the chunks do not tile [0, full length) or the
        /// length exceeds `ParseLimits.maxXMPBytes`.
        package let bytes: [UInt8]?
        /// True when `bytes` exists and its MD5 equals the GUID.
        package let md5Matches: Bool

        /// Groups `chunks` by GUID and reassembles each packet. Every problem is appended to
        /// `issues` with the offset of the field at fault; nothing is allocated before the full
        /// length has passed the limit check and the chunks have been shown to tile it exactly.
        package static func reassemble(_ chunks: [ExtendedChunk], in file: [UInt8], limits: ParseLimits,
                                      issues: inout [ParseError]) -> [Extended] {
            var order: [String] = []
            var groups: [String: [ExtendedChunk]] = [:]
            for c in chunks {
                if groups[c.guid] == nil { order.append(c.guid) }
                groups[c.guid, default: []].append(c)
            }
            var result: [Extended] = []
            for guid in order {
                guard let group = groups[guid], let first = group.first else { continue }
                result.append(assemble(guid: guid, group, first: first, file: file, limits: limits, issues: &issues))
            }
            return result
        }

        static func assemble(guid: String, _ group: [ExtendedChunk], first: ExtendedChunk, file: [UInt8],
                             limits: ParseLimits, issues: inout [ParseError]) -> Extended {
            let full = Int(first.fullLength)
            func failed() -> Extended {
                Extended(guid: guid, fullLength: full, chunks: group, bytes: nil, md5Matches: false)
            }
            for c in group where c.fullLength != first.fullLength {
                issues.append(ParseError(.extendedXMPFullLengthMismatch, at: c.fullLengthFieldOffset, path: c.path,
                                         "full length \(c.fullLength), the first chunk says \(first.fullLength)"))
                return failed()
            }
            if full > limits.maxXMPBytes {
                issues.append(ParseError(.limitExceeded, at: first.fullLengthFieldOffset, path: first.path,
                                         "Extended XMP full length \(full) exceeds \(limits.maxXMPBytes)"))
                return failed()
            }
            // Sort by offset (stable for equal offsets) and check that the chunks tile [0, full).
            let sorted = group.enumerated().sorted {
                ($0.element.chunkOffset, $0.offset) < ($1.element.chunkOffset, $1.offset)
            }.map(\.element)
            var covered = 0
            for c in sorted {
                let at = Int(c.chunkOffset)
                if at > covered {
                    issues.append(ParseError(.extendedXMPGap, at: c.offsetFieldOffset, path: c.path,
                                             "bytes \(covered)..<\(at) of \(full) are in no chunk"))
                    return failed()
                }
                if at < covered {
                    issues.append(ParseError(.extendedXMPOverlap, at: c.offsetFieldOffset, path: c.path,
                                             "chunk at \(at) overlaps bytes up to \(covered)"))
                    return failed()
                }
                // safe: at <= full (checked below before covered grows), data.count >= 0.
                guard c.data.count <= full - at else {
                    issues.append(ParseError(.extendedXMPChunkPastEnd, at: c.offsetFieldOffset, path: c.path,
                                             "\(c.data.count) bytes at \(at) pass the full length \(full)"))
                    return failed()
                }
                covered = at + c.data.count
            }
            if covered < full {
                let last = sorted.last ?? first
                issues.append(ParseError(.extendedXMPGap, at: last.data.upperBound, path: last.path,
                                         "bytes \(covered)..<\(full) of \(full) are in no chunk"))
                return failed()
            }
            var packet = [UInt8](repeating: 0, count: full)
            for c in sorted {
                let at = Int(c.chunkOffset)
                packet.replaceSubrange(at..<(at + c.data.count), with: file[c.data])
            }
            let matches = MD5.hexDigest(packet) == guid
            if !matches {
                issues.append(ParseError(.extendedXMPMD5Mismatch, at: first.guidFieldOffset, path: first.path,
                                         "MD5 of the \(full)-byte packet is \(MD5.hexDigest(packet)), GUID is \(guid)"))
            }
            return Extended(guid: guid, fullLength: full, chunks: group, bytes: packet, md5Matches: matches)
        }
    }
}

extension XMPPacket.Extended {
    /// The file offset of a position in the reassembled packet: inside the chunk whose offset
    /// places it there (Adobe XMP Specification Part 3 §1.1.3.1). Nil outside every chunk.
    package func fileOffset(ofPacketPosition position: Int) -> Int? {
        for c in chunks {
            let from = Int(c.chunkOffset)
            guard position >= from, let rel = position -? from, rel < c.data.count else { continue }
            return c.data.lowerBound +? rel
        }
        return nil
    }
}
