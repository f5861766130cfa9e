/// A sink that keeps a small picture of an aux image while it is decoded, for content
/// alignment: its first channel averaged over cells, at most `ContentAlignment.workingSide`
/// on the longer side. It reads at most four rows and columns of samples per cell in each
/// direction, so a large map costs a few thousand additions, not one a sample.
package struct AlignmentPreview: AuxRowSink {
    private var width = 0, height = 0, cellsAcross = 0, cellsDown = 0, step = 1
    private var cellOfColumn: [Int] = []
    private var sums: [Float] = []
    private var counts: [Int32] = []

    package init() {}

    package mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {
        width = layout.width
        height = layout.height
        guard width > 0, height > 0 else { return }
        let side = ContentAlignment.workingSide, longer = max(width, height)
        (cellsAcross, cellsDown) = longer > side ? (max(1, width * side / longer), max(1, height * side / longer)) : (width, height)
        step = max(1, longer / (side * 4))
        cellOfColumn = (0..<width).map { $0 * cellsAcross / width }
        sums = [Float](repeating: 0, count: cellsAcross * cellsDown)
        counts = [Int32](repeating: 0, count: cellsAcross * cellsDown)
    }

    package mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) {
        guard !sums.isEmpty, rows.width == width else { return }
        for r in 0..<rows.rowCount {
            let y = rows.firstRow + r
            guard y % step == 0, y < height else { continue }
            let row = (y * cellsDown / height) * cellsAcross
            for x in stride(from: 0, to: width, by: step) {
                let cell = row + cellOfColumn[x]
                sums[cell] += Float(rows.sample(x, r))
                counts[cell] += 1
            }
        }
    }

    /// The picture; nil before any row, or for an image of no pixels.
    package var grid: AlignmentGrid? {
        guard !sums.isEmpty, counts.allSatisfy({ $0 > 0 }) else { return nil }
        return AlignmentGrid(width: cellsAcross, height: cellsDown, values: sums.indices.map { sums[$0] / Float(counts[$0]) })
    }
}
