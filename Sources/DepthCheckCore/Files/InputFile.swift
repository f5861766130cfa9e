#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AuxData
import Validator

/// A photo file open for reading at given offsets with pread(2). It is opened read-only and
/// without waiting (a FIFO with no writer would block open(2) forever; with O_NONBLOCK it
/// opens at once and is then refused as not a regular file). A file cut short while it is
/// read reads as what is left, which gives findings, never a crash: a mapping of the file
/// would raise SIGBUS instead.
final class InputFile: RandomAccessFile {
    let descriptor: Int32
    let size: Int
    let path: String

    /// Files above this size are refused before anything is allocated.
    static let maxSize = 4 << 30

    /// Opens `path`; refuses what is not a regular file, or is above ``maxSize``.
    init(path: String) throws(DepthCheckError) {
        self.path = path
        // The bytes the name stands for (a name that is not UTF-8 reaches the system as read).
        let name = PathText.bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        // The array is passed as a pointer to its elements, valid for the call.
        let fd = open(name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Self.failure("cannot open \(path)") }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let e = Self.failure("cannot stat \(path)")
            close(fd)
            throw e
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw DepthCheckError.unreadable(message: "\(path) is \(Self.kindName(st.st_mode))", offset: nil, path: "")
        }
        guard Int64(st.st_size) <= Int64(Self.maxSize) else {
            close(fd)
            throw DepthCheckError.unreadable(message: "\(path) is larger than 4 GiB", offset: nil, path: "")
        }
        descriptor = fd
        size = Int(st.st_size)
    }

    deinit { close(descriptor) }

    /// Tells the kernel the file is read at scattered offsets (posix_fadvise
    /// POSIX_FADV_RANDOM): no readahead, so a check that reads a few kilobytes of structure
    /// and aux images does not pull the primary's megabytes into the page cache.
    func adviseRandomAccess() {
        _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_RANDOM))
    }

    /// Reads `range` into `buffer`, retrying on EINTR; the count read (less at the end of a
    /// file cut short), or nil on an I/O error.
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        var done = 0
        while done < range.count {
            guard let base = buffer.baseAddress else { return done }
            let n = pread(descriptor, base + done, range.count - done, off_t(range.lowerBound + done))
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Every byte of the file; what is there when it was cut short while being read.
    func readAll() throws(DepthCheckError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        let n = bytes.withUnsafeMutableBytes { read(0..<size, into: $0) }
        guard let n else { throw Self.failure("cannot read \(path)") }
        return n < size ? Array(bytes[..<n]) : bytes
    }

    /// `message`, with the system's words for the last error.
    static func failure(_ message: String) -> DepthCheckError {
        .unreadable(message: "\(message): \(String(cString: strerror(errno)))", offset: nil, path: "")
    }

    /// What a file that is not a regular one is, for messages.
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO (named pipe), not a regular file"
        case S_IFSOCK: return "a socket, not a regular file"
        case S_IFCHR: return "a character device, not a regular file"
        case S_IFBLK: return "a block device, not a regular file"
        case S_IFDIR: return "a directory, not a regular file"
        default: return "not a regular file"
        }
    }
}
