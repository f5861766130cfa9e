extension BMFF {
    /// State shared by the box readers of one file: the limits, the number of boxes seen so
    /// far and the non-fatal problems collected on the way.
    public struct ParseContext: Sendable {
        public let limits: ParseLimits
        public private(set) var boxCount = 0
        /// Set once the nesting or box-count limit stops the walk; every reader then gives up,
        /// because going on would only produce the same error for each remaining box.
        public private(set) var walkLimitReached = false
        public var issues: [ParseError] = []

        public init(limits: ParseLimits) { self.limits = limits }

        /// Reads the next box header in `parent` and returns the box with a payload reader.
        /// Counts the box against `ParseLimits.maxBoxes` and checks nesting depth `depth`
        /// against `maxNesting`, so a hostile file cannot make the walk unbounded.
        public mutating func nextBox(in parent: inout ByteReader, depth: Int, name: (FourCC) -> String) throws(ParseError) -> Box {
            do throws(ParseError) {
                try limits.check(depth, limits.maxNesting, "box nesting depth", at: parent.position, path: parent.path)
                boxCount += 1
                try limits.check(boxCount, limits.maxBoxes, "box count", at: parent.position, path: parent.path)
            } catch {
                walkLimitReached = true
                throw error
            }
            let header = try BoxHeader(parsing: &parent)
            let payload = try (header.size -? header.headerSize).orOverflow(at: header.offset, path: parent.path)
            let content = try parent.slice(payload, path: name(header.type))
            return Box(header: header, content: content)
        }

        /// Reads every child box of `parent`. A child whose header is broken ends the walk (its
        /// size cannot be trusted, so neither can the position of the next box) and becomes an
        /// issue; the children read so far are returned.
        public mutating func children(of parent: inout ByteReader, depth: Int) throws(ParseError) -> [Box] {
            var boxes: [Box] = []
            let base = parent.path
            while !parent.isAtEnd {
                do throws(ParseError) {
                    let box = try nextBox(in: &parent, depth: depth) { t in base.isEmpty ? "\(t)" : "\(base)/\(t)" }
                    boxes.append(box)
                } catch {
                    if walkLimitReached { throw error }
                    issues.append(error)
                    break
                }
            }
            return boxes
        }
    }
}
