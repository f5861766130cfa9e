extension HEIF.ItemEditor {
    /// Refuses a file the editor would write with less in it than it read. The editor rebuilds
    /// `iinf`, `iref`, `iprp` and `iloc` from what the parser understood and copies every
    /// other box; a child of those four that was not read, or a second copy of one of them,
    /// would otherwise vanish. (Bytes after the last top-level box that could be read are
    /// copied as they are: see `ItemEditor.tail`.)
    /// Returns the bytes of every `infe` by box offset, to be written as they were.
    static func checkReadable(_ file: HEIF.File, bytes: [UInt8],
                              metaChildren: [(type: FourCC, range: Range<Int>)]) throws(WriteError) -> [Int: [UInt8]] {
        for type in [BMFF.BoxType.iinf, BMFF.BoxType.iref, BMFF.BoxType.iprp, BMFF.BoxType.iloc, BMFF.BoxType.idat] {
            let copies = metaChildren.filter { $0.type == type }
            if copies.count > 1, let second = copies.dropFirst().first {
                throw WriteError(.unreadable, at: second.range.lowerBound, path: "meta/\(type)",
                                 "a second '\(type)' in meta; only the first is read")
            }
        }
        func unread(_ type: FourCC, _ at: Int, _ detail: String) -> WriteError {
            WriteError(.unreadable, at: at, path: "meta/\(type)", detail)
        }
        var infe: [Int: [UInt8]] = [:]
        for child in metaChildren {
            switch child.type {
            case BMFF.BoxType.iinf:
                // §8.11.6: FullBox, a 16-bit count (version 0) or 32-bit (otherwise), then infe boxes.
                guard let info = file.meta.itemInfo else { throw unread(child.type, child.range.lowerBound, "iinf could not be read") }
                let read = Set(info.entries.map(\.offset))
                let skip = info.fullBox.version == 0 ? 6 : 8
                for box in try WriteError.reading(try BMFF.BoxHeader.children(in: bytes, of: child.range, skip: skip, path: "meta/iinf")) {
                    guard box.type == BMFF.BoxType.infe, read.contains(box.offset) else {
                        throw unread(child.type, box.offset, "'\(box.type)' at \(box.offset) in iinf could not be read")
                    }
                    infe[box.offset] = Array(bytes[box.range])
                }
            case BMFF.BoxType.iref:
                // §8.11.12: FullBox, then one box per reference.
                guard let iref = file.meta.itemReference else { throw unread(child.type, child.range.lowerBound, "iref could not be read") }
                let read = Set(iref.references.map(\.offset))
                for box in try WriteError.reading(try BMFF.BoxHeader.children(in: bytes, of: child.range, skip: 4, path: "meta/iref"))
                    where !read.contains(box.offset) {
                    throw unread(child.type, box.offset, "the '\(box.type)' reference at \(box.offset) could not be read")
                }
            case BMFF.BoxType.iloc:
                if file.meta.itemLocation == nil { throw unread(child.type, child.range.lowerBound, "iloc could not be read") }
            case BMFF.BoxType.iprp:
                // ISO/IEC 23008-12 §9.3.1: one ipco, then ipma boxes; nothing else is written back.
                guard let iprp = file.meta.itemProperties else { throw unread(child.type, child.range.lowerBound, "iprp could not be read") }
                var ipmas = 0, ipcos = 0
                for box in try WriteError.reading(try BMFF.BoxHeader.children(in: bytes, of: child.range, skip: 0, path: "meta/iprp")) {
                    switch box.type {
                    case BMFF.BoxType.ipco:
                        ipcos += 1
                        guard ipcos == 1 else { throw unread(child.type, box.offset, "a second ipco; only the first is read") }
                        let read = iprp.container?.properties.count ?? -1
                        let count = try WriteError.reading(try BMFF.BoxHeader.children(in: bytes, of: box.range, skip: 0, path: "meta/iprp/ipco")).count
                        guard read == count else {
                            throw unread(child.type, box.offset, "ipco holds \(count) boxes, \(max(read, 0)) of them read")
                        }
                    case BMFF.BoxType.ipma: ipmas += 1
                    default: throw unread(child.type, box.offset, "'\(box.type)' in iprp is not a property box the writer keeps")
                    }
                }
                guard ipmas == iprp.associations.count else {
                    throw unread(child.type, child.range.lowerBound, "\(ipmas) ipma boxes, \(iprp.associations.count) of them read")
                }
            default: break
            }
        }
        return infe
    }
}
