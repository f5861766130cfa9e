extension HEIF {
    /// `iprp`: the property container and its associations.
    /// ISO/IEC 23008-12 §9.3.1: `iprp` holds one `ipco` and one or more `ipma`.
    package struct ItemPropertiesBox: Sendable {
        /// The first `ipco`; nil when it is absent or unreadable.
        package let container: ItemPropertyContainer?
        /// Every readable `ipma`, in order.
        package let associations: [ItemPropertyAssociation]
        /// `ipco` boxes after the first.
        package let repeated: [RepeatedBox]

        package init(parsing r: inout ByteReader, context: inout BMFF.ParseContext, depth: Int) throws(ParseError) {
            var ipco: ItemPropertyContainer? = nil
            var ipcoSeen = false
            var ipmas: [ItemPropertyAssociation] = []
            var repeated: [RepeatedBox] = []
            for p in try context.children(of: &r, depth: depth) {
                var pc = p.content
                do throws(ParseError) {
                    if p.type == BMFF.BoxType.ipco {
                        if ipcoSeen {
                            repeated.append(RepeatedBox(type: p.type, offset: p.header.offset, path: pc.path,
                                                        parent: BMFF.BoxType.iprp))
                        } else {
                            ipcoSeen = true
                            ipco = try ItemPropertyContainer(parsing: &pc, context: &context, depth: depth + 1)
                        }
                    } else if p.type == BMFF.BoxType.ipma {
                        ipmas.append(try ItemPropertyAssociation(parsing: &pc, limits: context.limits))
                    }
                } catch {
                    if context.walkLimitReached { throw error }
                    context.issues.append(error)
                }
            }
            container = ipco
            associations = ipmas
            self.repeated = repeated
        }
    }
}
