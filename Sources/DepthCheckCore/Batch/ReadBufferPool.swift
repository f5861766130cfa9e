import AuxData
import Synchronization

/// The read buffers of a batch's workers: a worker takes one for a file and gives it back when
/// the file is checked, so a batch keeps as many as files are read at once and reads each file
/// into memory already allocated.
package final class ReadBufferPool: Sendable {
    private let free = Mutex<[ReadBuffer]>([])

    /// An empty pool; buffers are made as workers first ask.
    package init() {}

    /// Runs `body` with a buffer no other worker holds meanwhile.
    package func with<R>(_ body: (ReadBuffer) throws -> R) rethrows -> R {
        let buffer = free.withLock { $0.popLast() } ?? ReadBuffer()
        defer { free.withLock { $0.append(buffer) } }
        return try body(buffer)
    }
}
