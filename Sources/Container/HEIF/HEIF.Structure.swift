extension HEIF {
    /// What a HEIF file's top-level boxes and its `meta` box alone say: the boxes, the item
    /// graph and where each item's data is (ISO/IEC 14496-12 §4.3, §8.11; ISO/IEC 23008-12 §6).
    /// No byte of item data is read, so a reader that loads a file in parts can read the
    /// structure first, load the item data it names, then complete it into a `File` with
    /// `File(_:bytes:)` without reading `meta` again.
    package struct Structure: Sendable {
        package let fileType: BMFF.FileTypeBox
        /// Headers of the top-level boxes, in file order.
        package let topLevelBoxes: [BMFF.BoxHeader]
        package let meta: MetaBox
        package let graph: ItemGraph
        /// Top-level `meta` boxes after the first (ignored).
        package let repeatedMeta: [RepeatedBox]
        /// Absolute data ranges per item, resolved from `iloc` (construction methods 0 and 1).
        package let dataRanges: ItemDataRanges
        /// What could not be read, in the order it was met.
        package let issues: [ParseError]

        /// Reads the top-level box headers, `ftyp` and `meta` of `bytes` (which only need to
        /// hold those: the item data is not looked at).
        package init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) {
            var context = BMFF.ParseContext(limits: limits)
            let top = try TopLevel(parsing: bytes, context: &context)
            fileType = top.fileType
            topLevelBoxes = top.headers
            repeatedMeta = top.repeatedMeta
            meta = try MetaBox(parsing: top.meta, context: &context)
            graph = ItemGraph(meta)
            dataRanges = Locations.resolve(meta, fileSize: bytes.count, issues: &context.issues)
            issues = context.issues
        }
    }
}
