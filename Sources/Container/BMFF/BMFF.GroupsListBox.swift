extension BMFF {
    /// `grpl`: the entity groups of a `meta` box, each child an EntityToGroupBox whose box
    /// type is its grouping type. ISO/IEC 14496-12 §8.18.2 GroupsListBox; ISO/IEC 23008-12
    /// §6.8 uses `altr` to say that items are alternatives of one another (a tone-mapped
    /// `tmap` item and the base image it was derived from, for instance).
    ///
    /// A child that cannot be read becomes an issue; the others are still read.
    package struct GroupsListBox: Sendable, Equatable {
        package let groups: [EntityToGroupBox]

        package init(groups: [EntityToGroupBox]) { self.groups = groups }

        package init(parsing r: inout ByteReader, context: inout ParseContext, depth: Int) throws(ParseError) {
            let base = r.path
            var list: [EntityToGroupBox] = []
            try context.forEachChild(of: &r, depth: depth, label: { t, i in .child(of: base, t, at: i) }) { box, _, context in
                var c = box.content
                do throws(ParseError) {
                    list.append(try EntityToGroupBox(parsing: &c, groupingType: box.type, offset: box.header.offset,
                                                     limits: context.limits))
                } catch {
                    context.issues.append(error)
                }
                return true
            }
            groups = list
        }

        /// The whole `grpl` box.
        package func write(to w: inout ByteWriter) {
            BoxWriter.box(BoxType.grpl, to: &w) { w in
                for g in groups { g.write(to: &w) }
            }
        }
    }
}
