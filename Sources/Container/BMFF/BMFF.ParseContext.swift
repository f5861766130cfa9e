extension BMFF {
    /// State shared by the box readers of one file: the limits, the number of boxes seen so
    /// far and the non-fatal problems collected on the way.
    package struct ParseContext: Sendable {
        package let limits: ParseLimits
        package private(set) var boxCount = 0
        /// Set once the nesting or box-count limit stops the walk; every reader then gives up,
        /// because going on would only produce the same error for each remaining box.
        package private(set) var walkLimitReached = false
        package var issues: [ParseError] = []

        package init(limits: ParseLimits) { self.limits = limits }

        /// Reads the next box header in `parent` and returns the box with a payload reader.
        /// Counts the box against `ParseLimits.maxBoxes` and checks nesting depth `depth`
        /// against `maxNesting`, so a hostile file cannot make the walk unbounded.
        package mutating func nextBox(in parent: inout ByteReader, depth: Int, label: (FourCC) -> PathLabel) throws(ParseError) -> Box {
            do throws(ParseError) {
                try limits.check(depth, limits.maxNesting, "box nesting depth", at: parent.position, path: parent.path)
                boxCount += 1
                try limits.check(boxCount, limits.maxBoxes, "box count", at: parent.position, path: parent.path)
            } catch {
                walkLimitReached = true
                throw error
            }
            let header = try BoxHeader(parsing: &parent)
            // §4.2: size 0 means the box runs to the end of the file, so it is the file's last
            // box; inside another box it would swallow its parent's later children.
            if depth > 0, header.sizeForm == .toEnd {
                throw ParseError(.boxSizeZeroInside, at: header.offset, path: parent.path,
                                 "'\(header.type)' declares size 0 (to the end of the file), which only the file's last top-level box may")
            }
            let payload = try (header.size -? header.headerSize).orOverflow(at: header.offset, path: parent.path)
            let content = try parent.slice(payload, label: label(header.type))
            return Box(header: header, content: content)
        }

        /// Reads every child box of `parent`. A child whose header is broken ends the walk (its
        /// size cannot be trusted, so neither can the position of the next box) and becomes an
        /// issue; the children read so far are returned.
        package mutating func children(of parent: inout ByteReader, depth: Int) throws(ParseError) -> [Box] {
            var boxes: [Box] = []
            let base = parent.path
            try forEachChild(of: &parent, depth: depth, label: { t, _ in .child(of: base, t) }) { box, _, _ in
                boxes.append(box)
                return true
            }
            return boxes
        }

        /// Walks the child boxes of `parent` in order, handing each to `body` with its position
        /// among the children; `label` makes the path of a child from its type and position.
        /// A broken child header ends the walk as in `children(of:depth:)`; `body` gets the
        /// context to record its own issues in, and returns false to stop early.
        package mutating func forEachChild(of parent: inout ByteReader, depth: Int,
                                          label: (FourCC, Int) -> PathLabel,
                                          _ body: (Box, Int, inout ParseContext) throws(ParseError) -> Bool) throws(ParseError) {
            var index = 0
            while !parent.isAtEnd {
                let box: Box
                do throws(ParseError) {
                    let i = index
                    box = try nextBox(in: &parent, depth: depth) { t in label(t, i) }
                } catch {
                    if walkLimitReached { throw error }
                    issues.append(error)
                    return
                }
                index += 1
                guard try body(box, index - 1, &self) else { return }
            }
        }
    }
}
