import AuxData

/// An in-memory file, for `PartialRead`.
struct MemoryFile: RandomAccessFile {
    let bytes: [UInt8]
    var size: Int { bytes.count }
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[range])) }
        return range.count
    }
}
