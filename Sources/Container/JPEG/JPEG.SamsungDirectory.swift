extension JPEG {
    /// The directory of Samsung's SEF trailer, as ExifTool's Samsung module reads it (ExifTool
    /// Samsung Trailer tags, exiftool.org/TagNames/Samsung.html#Trailer; Samsung publishes no
    /// specification). All numbers are little-endian. The trailer ends with a footer, u32 length
    /// of the directory then `SEFT`; the directory is `SEFH`, u32 version, u32 entry count, then
    /// entries of 12 bytes: u16 0, u16 type, u32 offset of the block back from `SEFH`, u32 block
    /// size. A block is u16 0, u16 type, u32 name length, the name (`DualShot_DepthMap_1`,
    /// `MotionPhoto_Data`) and its data.
    ///
    /// Container reads what is there: where each entry says its block is, and the block's name
    /// and data when the block lies inside the file. Whether an entry points where it may is for
    /// the rules.
    package struct SamsungDirectory: Sendable, Equatable {
        package struct Entry: Sendable, Equatable {
            /// The entry's position in the directory, from 0.
            package let number: Int
            /// Where the entry is written.
            package let offset: Int
            package let type: UInt16
            /// The block's start as the entry declares it: `SEFH`'s offset less the back-offset,
            /// which may lie before the file's first byte.
            package let start: Int
            package let size: Int
            /// The block's name, when the block lies in the file and its name fits it.
            package let name: String?
            /// The block's data after its name, when the block lies in the file and its name fits it.
            package let data: Range<Int>?
        }

        /// Where `SEFH` starts.
        package let start: Int
        /// Just past the footer's `SEFT`.
        package let end: Int
        package let version: UInt32
        /// The entry count the directory declares.
        package let declaredCount: UInt32
        /// The entries the directory has room for, at most `declaredCount`.
        package let entries: [Entry]

        /// The directory whose footer ends at `end`; nil when there is no `SEFT` footer or its
        /// length does not reach a `SEFH` at or after `floor`.
        package init?(_ b: [UInt8], endingAt end: Int, floor: Int) {
            guard end <= b.count, end >= 8, floor >= 0, b[(end - 4)..<end].elementsEqual(Array("SEFT".utf8)),
                  let length = KnownTrailer.u32(b, end - 8, big: false), let dir = (end - 8) -? Int(length), dir >= floor, dir <= end - 20,
                  b[dir..<(dir + 4)].elementsEqual(Array("SEFH".utf8)),
                  let version = KnownTrailer.u32(b, dir + 4, big: false), let count = KnownTrailer.u32(b, dir + 8, big: false) else { return nil }
            start = dir
            self.end = end
            self.version = version
            declaredCount = count
            let room = (end - 8 - dir - 12) / 12
            var entries: [Entry] = []
            for i in 0..<min(Int(count), room) {
                let at = dir + 12 + 12 * i
                guard let back = KnownTrailer.u32(b, at + 4, big: false), let size = KnownTrailer.u32(b, at + 8, big: false) else { break }
                let type = UInt16(b[at + 2]) | UInt16(b[at + 3]) << 8
                let blockStart = dir - Int(back)
                var name: String?
                var data: Range<Int>?
                if blockStart >= 0, let blockEnd = blockStart +? Int(size), blockEnd <= dir, size >= 8,
                   let n = KnownTrailer.u32(b, blockStart + 4, big: false), let nameEnd = (blockStart + 8) +? Int(n), nameEnd <= blockEnd {
                    name = String(decoding: b[(blockStart + 8)..<nameEnd], as: UTF8.self)
                    data = nameEnd..<blockEnd
                }
                entries.append(Entry(number: i, offset: at, type: type, start: blockStart, size: Int(size), name: name, data: data))
            }
            self.entries = entries
        }
    }
}
