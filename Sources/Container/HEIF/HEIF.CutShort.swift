extension HEIF {
    /// How a HEIF file ends before its boxes and items do, as an interrupted copy leaves it:
    /// the last top-level box declares more bytes than the file holds (ISO/IEC 14496-12 §4.2:
    /// a box's size counts its header and payload), or an item's extents (§8.11.3, construction
    /// method 0, data reference 0: this file) reach past the end of the file. Nil from `init`
    /// when neither is so.
    ///
    /// The writers use it to say what is missing: a rewrite copies the bytes that are there,
    /// and an edit (an item added or removed) refuses, since the bytes it would move or take
    /// out are partly not there.
    package struct CutShort: Sendable, Equatable {
        /// The file's size in bytes.
        package let fileSize: Int
        /// The top-level box that runs past the end: its offset and type.
        package let boxOffset: Int?
        package let boxType: FourCC?
        /// The end its header declares (offset + size), past `fileSize`.
        package let declaredEnd: UInt64?
        /// Items with an extent that reaches past the end of the file, in ascending order.
        package let incompleteItems: [UInt32]

        package init?(_ file: File, bytes: [UInt8]) {
            fileSize = bytes.count
            // Bytes after the last top-level box that could be read: a cut box when its header
            // (u32 size, type, and for size 1 a u64 largesize) declares more than is there.
            let end = file.topLevelBoxes.last?.range.upperBound ?? 0
            var offset: Int?, type: FourCC?, declared: UInt64?
            if end < bytes.count, bytes.count - end >= 8 {
                var r = ByteReader(bytes)
                if (try? r.seek(toAbsolute: end)) != nil, let size32 = try? r.readU32(), let t = try? r.readFourCC() {
                    var size = UInt64(size32)
                    if size32 == 1, let large = try? r.readU64() { size = large }
                    // A size of 0 runs to the end of the file (§4.2), so it cannot be cut.
                    if size != 0, let e = UInt64(exactly: end), case let (sum, false) = e.addingReportingOverflow(size),
                       sum > UInt64(bytes.count) {
                        offset = end
                        type = t
                        declared = sum
                    }
                }
            }
            boxOffset = offset
            boxType = type
            declaredEnd = declared
            var incomplete: [UInt32] = []
            let whole = UInt64(bytes.count)
            for it in file.meta.itemLocation?.items ?? [] where it.constructionMethod == .file && it.dataReferenceIndex == 0 {
                let past = it.extents.contains { e in
                    let (start, over) = it.baseOffset.addingReportingOverflow(e.offset)
                    if over { return false }
                    // A length of 0 runs to the end of the file, wherever that is.
                    if e.length == 0 { return start > whole }
                    let (stop, over2) = start.addingReportingOverflow(e.length)
                    return !over2 && stop > whole
                }
                if past { incomplete.append(it.itemID) }
            }
            incompleteItems = incomplete.sorted()
            if offset == nil && incomplete.isEmpty { return nil }
        }

        /// One line for a command's output: where the file ends and which items lack data.
        package var description: String {
            var parts: [String] = []
            if let boxOffset, let boxType, let declaredEnd {
                parts.append("'\(boxType)' at \(boxOffset) declares its end at byte \(declaredEnd)")
            }
            if !incompleteItems.isEmpty {
                let ids = incompleteItems.prefix(12).map(String.init).joined(separator: ", ")
                let more = incompleteItems.count > 12 ? " and \(incompleteItems.count - 12) more" : ""
                parts.append("the data of item\(incompleteItems.count == 1 ? "" : "s") \(ids)\(more) is incomplete")
            }
            return "cut short at \(fileSize) bytes: " + parts.joined(separator: "; ")
        }
    }
}
