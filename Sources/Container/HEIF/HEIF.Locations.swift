extension HEIF {
    /// Item data located through `iloc`: absolute byte ranges per item, resolved without
    /// reading them (ISO/IEC 14496-12 §8.11.3).
    enum Locations {
        /// Ranges per item ID; an item whose extents cannot be resolved is left out, with an issue.
        static func resolve(_ meta: MetaBox, fileSize: Int, issues: inout [ParseError]) -> ItemDataRanges {
            let items = meta.itemLocation?.items ?? []
            var ranges = ItemDataRanges.Builder(capacity: items.count)
            for i in items.indices {
                let mark = ranges.mark
                let resolved = resolve(items[i], fileSize: fileSize, idat: meta.idat, into: &ranges, issues: &issues)
                ranges.finish(items[i].itemID, from: mark, keep: resolved)
            }
            return ranges.ranges
        }

        /// Adds the absolute ranges of an item's extents to `out`; false (with an issue) when
        /// one cannot be resolved.
        static func resolve(_ loc: BMFF.ItemLocationBox.Item, fileSize: Int, idat: Range<Int>?,
                            into out: inout ItemDataRanges.Builder, issues: inout [ParseError]) -> Bool {
            // Made only for an issue: most files have none, and an iPhone HEIC has 50 items.
            var path: String { "meta/iloc/item[\(loc.itemID)]" }
            let source: Range<Int>
            switch loc.constructionMethod {
            case .file: source = 0..<fileSize
            case .idat:
                guard let d = idat else {
                    issues.append(ParseError(.ilocIdatMissing, at: loc.entryOffset, path: path,
                                             "construction method 1 but meta has no idat"))
                    return false
                }
                source = d
            default:
                issues.append(ParseError(.ilocUnsupportedConstructionMethod, at: loc.entryOffset, path: path,
                                         "construction method \(loc.constructionMethod) is not resolved"))
                return false
            }
            for e in loc.extents {
                // Relative offset within the source, then absolute; all in checked arithmetic.
                guard let b = Int(exactly: loc.baseOffset), let o = Int(exactly: e.offset), let l = Int(exactly: e.length),
                      let rel = b +? o, let abs = source.lowerBound +? rel else {
                    issues.append(ParseError(.arithmeticOverflow, at: e.entryOffset, path: path, "extent offset overflows"))
                    return false
                }
                // §8.11.3.3: length 0 means the extent runs to the end of the source.
                let available = source.upperBound - abs
                guard rel <= source.count, available >= 0, l <= available else {
                    issues.append(ParseError(.ilocExtentPastEnd, at: e.entryOffset, path: path,
                                             "extent \(rel)+\(l) runs past the \(source.count)-byte \(loc.constructionMethod == .file ? "file" : "idat")"))
                    return false
                }
                // safe: l <= available = source.upperBound - abs, so the sum stays inside the source.
                out.add(abs..<(abs + (l == 0 ? available : l)))
            }
            return true
        }
    }
}
