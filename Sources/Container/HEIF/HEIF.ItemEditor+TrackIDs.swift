extension HEIF.ItemEditor {
    /// The track_ID of each `trak` of the `moov` box at `moov` (ISO/IEC 14496-12 §8.3.2
    /// TrackHeaderBox: after the FullBox header, creation_time and modification_time of 32
    /// bits in version 0 and 64 in version 1, then the 32-bit track_ID). A track whose `tkhd`
    /// cannot be read is left out: the IDs only keep new item IDs apart from track IDs, and a
    /// `moov` that cannot be read makes the writer refuse (`RemovalPlan.chunksError`) before
    /// any offset moves.
    static func trackIDs(in bytes: [UInt8], moov: Range<Int>) -> [UInt32] {
        guard let boxes = try? BMFF.BoxHeader.children(in: bytes, of: moov, skip: 0, path: "moov") else { return [] }
        var out: [UInt32] = []
        for trak in boxes where trak.type == BMFF.BoxType.trak {
            guard let children = try? BMFF.BoxHeader.children(in: bytes, of: trak.range, skip: 0, path: "moov/trak"),
                  let tkhd = children.first(where: { $0.type == BMFF.BoxType.tkhd }),
                  var r = try? ByteReader(bytes, range: tkhd.payloadRange, path: "moov/trak/tkhd"),
                  let version = try? r.readU8() else { continue }
            let times = version == 1 ? 16 : 8
            guard (try? r.skip(3 + times)) != nil, let id = try? r.readU32() else { continue }
            out.append(id)
        }
        return out
    }
}
