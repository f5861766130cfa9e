/// Receives an aux image's samples as they are decoded: `start` once with the layout, then
/// `consume` with bands of rows from top to bottom. A sink that cannot go on (an output that
/// cannot be written) throws, and decoding stops.
package protocol AuxRowSink {
    mutating func start(_ layout: StoredLayout) throws(AuxDecodeError)
    mutating func consume(_ rows: StoredRows) throws(AuxDecodeError)
}
