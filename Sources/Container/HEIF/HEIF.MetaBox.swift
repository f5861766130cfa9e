extension HEIF {
    /// The top-level `meta` box of a HEIF file, each child read by its own parser.
    /// ISO/IEC 14496-12 §8.11.1 (MetaBox), ISO/IEC 23008-12 §9 (the boxes an image file's
    /// `meta` holds: `hdlr`, `pitm`, `iinf`, `iloc`, `iprp`, and optionally `iref`, `idat`).
    ///
    /// This describes what is there; whether a required box is missing or a box repeats is
    /// for the rules to judge. A child that cannot be read is an issue and stays nil.
    package struct MetaBox: Sendable {
        /// The `meta` box's own header.
        package let header: BMFF.BoxHeader
        package let handler: BMFF.HandlerBox?
        package let primaryItem: BMFF.PrimaryItemBox?
        /// Offset of the `pitm` box header, when there is one.
        package let primaryItemOffset: Int?
        package let itemInfo: BMFF.ItemInfoBox?
        package let itemLocation: BMFF.ItemLocationBox?
        package let itemReference: BMFF.ItemReferenceBox?
        /// Payload of `idat`, when present.
        package let idat: Range<Int>?
        package let itemProperties: ItemPropertiesBox?
        /// `grpl`: entity groups such as `altr` (ISO/IEC 14496-12 §8.18).
        package let groupsList: BMFF.GroupsListBox?
        /// `dinf`: the data references `iloc` may name (ISO/IEC 14496-12 §8.7.1).
        package let dataInformation: BMFF.DataInformationBox?
        /// Child boxes that may appear once but appear again (the first is used), `ipco` included.
        package let repeated: [RepeatedBox]
        /// The type and offset of the first child box, as written.
        package let firstChild: (type: FourCC, offset: Int)?
        /// The children of types this reader does not take from `meta`, with their offsets.
        package let otherChildren: [(type: FourCC, offset: Int)]

        /// The children that §8.11.1, §8.18.2 and ISO/IEC 23008-12 §9 allow once in `meta`.
        /// (A list: see `BMFF.BoxType.imageItemTypeList`.)
        static let once: [FourCC] = [BMFF.BoxType.hdlr, BMFF.BoxType.pitm, BMFF.BoxType.iinf, BMFF.BoxType.iloc,
                                        BMFF.BoxType.iref, BMFF.BoxType.idat, BMFF.BoxType.iprp, BMFF.BoxType.grpl,
                                        BMFF.BoxType.dinf]

        package init(parsing box: BMFF.Box, context: inout BMFF.ParseContext) throws(ParseError) {
            header = box.header
            var r = box.content
            // §8.11.1: meta is a FullBox; an unreadable header leaves no items.
            let full = try BMFF.FullBoxHeader(parsing: &r)
            try full.require(maxVersion: 0, at: box.header.offset, path: "meta")
            var children = Children()
            var first: (type: FourCC, offset: Int)?
            for child in try context.children(of: &r, depth: 1) {
                if first == nil { first = (child.type, child.header.offset) }
                do throws(ParseError) {
                    try children.read(child, context: &context)
                } catch {
                    if context.walkLimitReached { throw error }
                    context.issues.append(error)
                }
            }
            handler = children.hdlr
            primaryItem = children.pitm
            primaryItemOffset = children.pitmOffset
            itemInfo = children.iinf
            itemLocation = children.iloc
            itemReference = children.iref
            idat = children.idat
            itemProperties = children.iprp
            groupsList = children.grpl
            dataInformation = children.dinf
            repeated = children.repeated + (children.iprp?.repeated ?? [])
            firstChild = first
            otherChildren = children.others
        }

        /// The children as they are read, before the box is complete.
        private struct Children {
            var hdlr: BMFF.HandlerBox?
            var pitm: BMFF.PrimaryItemBox?
            var pitmOffset: Int?
            var iinf: BMFF.ItemInfoBox?
            var iloc: BMFF.ItemLocationBox?
            var iref: BMFF.ItemReferenceBox?
            var idat: Range<Int>?
            var iprp: ItemPropertiesBox?
            var grpl: BMFF.GroupsListBox?
            var dinf: BMFF.DataInformationBox?
            var seen: [FourCC] = []
            var repeated: [RepeatedBox] = []
            var others: [(type: FourCC, offset: Int)] = []

            mutating func read(_ child: BMFF.Box, context: inout BMFF.ParseContext) throws(ParseError) {
                var c = child.content
                guard unique(child, path: { c.path }) else { return }
                switch child.type {
                case BMFF.BoxType.hdlr: hdlr = try BMFF.HandlerBox(parsing: &c)
                case BMFF.BoxType.pitm:
                    pitmOffset = child.header.offset
                    pitm = try BMFF.PrimaryItemBox(parsing: &c)
                case BMFF.BoxType.iinf: iinf = try BMFF.ItemInfoBox(parsing: &c, context: &context, depth: 2)
                case BMFF.BoxType.iloc: iloc = try BMFF.ItemLocationBox(parsing: &c, limits: context.limits)
                case BMFF.BoxType.iref: iref = try BMFF.ItemReferenceBox(parsing: &c, context: &context, depth: 2)
                case BMFF.BoxType.idat: idat = child.header.payloadRange
                case BMFF.BoxType.iprp: iprp = try ItemPropertiesBox(parsing: &c, context: &context, depth: 2)
                case BMFF.BoxType.grpl: grpl = try BMFF.GroupsListBox(parsing: &c, context: &context, depth: 2)
                case BMFF.BoxType.dinf: dinf = try BMFF.DataInformationBox(parsing: &c, context: &context, depth: 2)
                default: others.append((child.type, child.header.offset))
                }
            }

            /// Records a repeat of a box allowed once and says whether this one is the first.
            /// `path` is made only for a repeat.
            mutating func unique(_ child: BMFF.Box, path: () -> String) -> Bool {
                guard MetaBox.once.contains(child.type) else { return true }
                guard !seen.contains(child.type) else {
                    repeated.append(RepeatedBox(type: child.type, offset: child.header.offset, path: path(),
                                                parent: BMFF.BoxType.meta))
                    return false
                }
                seen.append(child.type)
                return true
            }
        }
    }
}
