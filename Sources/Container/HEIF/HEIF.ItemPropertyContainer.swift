extension HEIF {
    /// `ipco`: the list of properties that `ipma` points into.
    /// ISO/IEC 23008-12 §9.3.2 ItemPropertyContainerBox (ISO/IEC 14496-12 §8.11.14).
    package struct ItemPropertyContainer: Sendable, Equatable {
        package let properties: [PropertyBox]

        /// Reads every child property. A property that fails to parse is kept as `.invalid`
        /// and reported, with a path such as `meta/iprp/ipco[7]:auxC`.
        package init(parsing r: inout ByteReader, context: inout BMFF.ParseContext, depth: Int) throws(ParseError) {
            let base = r.path
            var list: [PropertyBox] = []
            while !r.isAtEnd {
                let index = list.count + 1
                let box: BMFF.Box
                do throws(ParseError) {
                    box = try context.nextBox(in: &r, depth: depth) { t in .property(of: base, at: index, t) }
                } catch {
                    if context.walkLimitReached { throw error }
                    context.issues.append(error)
                    break
                }
                var c = box.content
                let value: ItemProperty
                do throws(ParseError) {
                    value = try ItemProperty.parse(type: box.type, content: &c, limits: context.limits)
                    if case .hvcC(let h) = value, let e = h.spsError {
                        context.issues.append(ParseError(.spsInvalid, at: e.offset, path: e.path, e.detail))
                    }
                } catch {
                    context.issues.append(error)
                    value = .invalid(error)
                }
                list.append(PropertyBox(index: index, type: box.type,
                                        range: box.header.range, value: value))
            }
            properties = list
        }
    }
}
