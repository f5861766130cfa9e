#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file into one byte array with POSIX calls: one allocation of the file's
/// size and no bridging. The parsers then share that array without copying.
enum FileBytes {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Files above this size are refused before anything is allocated.
    static let maxFileSize = 4 << 30

    static func errorText() -> String { String(cString: strerror(errno)) }

    static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(description: "cannot open \(path): \(errorText())") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw ReadError(description: "cannot stat \(path): \(errorText())") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw ReadError(description: "\(path) is not a regular file") }
        let size = Int(st.st_size)
        guard size <= maxFileSize else { throw ReadError(description: "\(path) is larger than 4 GiB") }
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buf, count in
            var done = 0
            while done < size {
                let n = Glibc.read(fd, buf.baseAddress.map { $0 + done }, size - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot read \(path): \(errorText())"
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

    enum Kind { case file, directory, missing, other }

    static func kind(_ path: String) -> Kind {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Names in a directory, without `.` and `..`.
    static func list(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
