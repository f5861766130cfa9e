import Foundation

/// Reads a whole file into one byte array with POSIX calls: one allocation of the file's
/// size, no `Data` bridging. The parsers then share that array without copying.
enum FileBytes {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Files above this size are refused before anything is allocated.
    static let maxFileSize = 4 << 30

    static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw ReadError(description: "cannot stat \(path): \(String(cString: strerror(errno)))") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw ReadError(description: "\(path) is not a regular file") }
        let size = Int(st.st_size)
        guard size <= maxFileSize else { throw ReadError(description: "\(path) is larger than 4 GiB") }
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buf, count in
            var done = 0
            while done < size {
                let n = Foundation.read(fd, buf.baseAddress.map { $0 + done }, size - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot read \(path): \(String(cString: strerror(errno)))"
                    break
                }
                if n == 0 { break }
                done += n
            }
            count = done
        }
        if let f = failure { throw ReadError(description: f) }
        return bytes
    }
}
