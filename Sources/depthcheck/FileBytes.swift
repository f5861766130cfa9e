/// Reads a whole file into one byte array: one allocation of the file's size and no
/// bridging. The parsers then share that array without copying.
enum FileBytes {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Files above this size are refused before anything is allocated.
    static let maxFileSize = 4 << 30

    static func read(_ path: String) throws -> [UInt8] {
        let fd = Platform.openForReading(path)
        guard fd >= 0 else { throw ReadError(description: "cannot open \(path): \(Platform.describe(Platform.lastError))") }
        defer { Platform.closeFile(fd) }
        guard let st = Platform.status(descriptor: fd) else {
            throw ReadError(description: "cannot stat \(path): \(Platform.describe(Platform.lastError))")
        }
        guard st.kind == .file else { throw ReadError(description: "\(path) is not a regular file") }
        guard st.size <= Int64(maxFileSize) else { throw ReadError(description: "\(path) is larger than 4 GiB") }
        let size = Int(st.size)
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buf, count in
            var done = 0
            while done < size {
                let n = Platform.readSome(fd, into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buf[done...])))
                if n < 0 {
                    failure = "cannot read \(path): \(Platform.describe(Platform.lastError))"
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
