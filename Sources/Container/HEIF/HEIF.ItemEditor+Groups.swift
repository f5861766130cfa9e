extension HEIF.ItemEditor {
    /// The `grpl` box (ISO/IEC 14496-12 §8.18.2) at `range` as it now is: each child in its
    /// place and with its bytes, less the groups a removal dropped, with the groups it took
    /// members from written again (their grouping-type data after the entity IDs kept). A
    /// child the parser could not read is copied too. Nothing is written when no group is left.
    func writeGroups(_ range: Range<Int>, to w: inout ByteWriter) throws(ParseError) {
        guard !removedGroups.isEmpty || !changedGroups.isEmpty else {
            w.append(bytes[range])
            return
        }
        let children = try BMFF.BoxHeader.children(in: bytes, of: range, skip: 0, path: "meta/grpl")
        let kept = children.filter { !removedGroups.contains($0.offset) }
        guard !kept.isEmpty else { return }
        BMFF.BoxWriter.box(BMFF.BoxType.grpl, to: &w) { w in
            for child in kept {
                if changedGroups.contains(child.offset), let g = entityGroups.first(where: { $0.offset == child.offset }) {
                    g.write(to: &w)
                } else {
                    w.append(bytes[child.range])
                }
            }
        }
    }
}
