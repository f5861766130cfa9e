import AuxData
import Synchronization

/// The read buffers of a batch's workers (`ReadBuffer`): a worker takes one for a file and
/// gives it back when the file is checked, so a batch keeps as many as files are read at once.
final class ReadBufferPool: Sendable {
    private let free = Mutex<[ReadBuffer]>([])

    func with<R>(_ body: (ReadBuffer) throws -> R) rethrows -> R {
        let buffer = free.withLock { $0.popLast() } ?? ReadBuffer()
        defer { free.withLock { $0.append(buffer) } }
        return try body(buffer)
    }
}
