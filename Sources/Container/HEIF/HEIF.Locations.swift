extension HEIF {
    /// Item data located through `iloc`: absolute byte ranges per item, resolved without
    /// reading them (ISO/IEC 14496-12 §8.11.3).
    enum Locations {
        /// Ranges per item ID; an item whose extents cannot be resolved is left out, with an issue.
        static func resolve(_ meta: MetaBox, fileSize: Int, issues: inout [ParseError]) -> [UInt32: [Range<Int>]] {
            let items = meta.itemLocation?.items ?? []
            var ranges: [UInt32: [Range<Int>]] = Dictionary(minimumCapacity: items.count)
            for loc in items {
                if let rs = resolve(loc, fileSize: fileSize, idat: meta.idat, issues: &issues) {
                    ranges[loc.itemID] = rs
                }
            }
            return ranges
        }

        /// Absolute ranges of an item's extents; nil (with an issue) when one cannot be resolved.
        static func resolve(_ loc: BMFF.ItemLocationBox.Item, fileSize: Int, idat: Range<Int>?,
                            issues: inout [ParseError]) -> [Range<Int>]? {
            // Made only for an issue: most files have none, and an iPhone HEIC has 50 items.
            var path: String { "meta/iloc/item[\(loc.itemID)]" }
            let source: Range<Int>
            switch loc.constructionMethod {
            case 0: source = 0..<fileSize
            case 1:
                guard let d = idat else {
                    issues.append(ParseError(.ilocIdatMissing, at: loc.entryOffset, path: path,
                                             "construction method 1 but meta has no idat"))
                    return nil
                }
                source = d
            default:
                issues.append(ParseError(.ilocUnsupportedConstructionMethod, at: loc.entryOffset, path: path,
                                         "construction method \(loc.constructionMethod) is not resolved"))
                return nil
            }
            var out: [Range<Int>] = []
            out.reserveCapacity(loc.extents.count)
            for e in loc.extents {
                // Relative offset within the source, then absolute; all in checked arithmetic.
                guard let b = Int(exactly: loc.baseOffset), let o = Int(exactly: e.offset), let l = Int(exactly: e.length),
                      let rel = b +? o, let abs = source.lowerBound +? rel else {
                    issues.append(ParseError(.arithmeticOverflow, at: e.entryOffset, path: path, "extent offset overflows"))
                    return nil
                }
                // §8.11.3.3: length 0 means the extent runs to the end of the source.
                let available = source.upperBound - abs
                guard rel <= source.count, available >= 0, l <= available else {
                    issues.append(ParseError(.ilocExtentPastEnd, at: e.entryOffset, path: path,
                                             "extent \(rel)+\(l) runs past the \(source.count)-byte \(loc.constructionMethod == 0 ? "file" : "idat")"))
                    return nil
                }
                // safe: l <= available = source.upperBound - abs, so the sum stays inside the source.
                out.append(abs..<(abs + (l == 0 ? available : l)))
            }
            return out
        }
    }
}
