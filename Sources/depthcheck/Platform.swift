#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every call into the C library goes through here, so the rest of the command line never
/// names Glibc or Darwin and builds on both. Functions return errno values instead of
/// throwing, and callers decide what a failure means for the user.
enum Platform {
    static let standardOutput: Int32 = 1
    static let standardError: Int32 = 2

    /// Ends the process with `code`.
    static func terminate(_ code: Int32) -> Never { exit(code) }

    static var lastError: Int32 { errno }

    static func describe(_ error: Int32) -> String { String(cString: strerror(error)) }

    // MARK: errno values callers tell apart

    static let interrupted = EINTR
    static let brokenPipe = EPIPE
    static let exists = EEXIST
    static let noSuchFile = ENOENT
    static let notADirectory = ENOTDIR
    static let isADirectory = EISDIR
    /// Errors that say the path names no place a file can be written to: a problem with the
    /// request, not with the disk.
    static let pathErrors: Set<Int32> = [ENOENT, ENOTDIR, EACCES, EPERM, EROFS, EISDIR, ENAMETOOLONG, ELOOP, EEXIST]
    /// Errors of link(2) on file systems without hard links.
    static let noHardLinks: Set<Int32> = [EPERM, EOPNOTSUPP, ENOSYS, EMLINK, EXDEV]

    // MARK: files

    struct FileStatus: Equatable {
        enum Kind { case file, directory, symlink, other }
        var device: UInt64
        var inode: UInt64
        var kind: Kind
        var size: Int64
        var mode: UInt32

        /// Same device and inode: the same file, whatever names lead to it.
        func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
    }

    private static func status(_ st: stat) -> FileStatus {
        let kind: FileStatus.Kind
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        return FileStatus(device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino),
                          kind: kind, size: Int64(st.st_size), mode: UInt32(st.st_mode))
    }

    /// stat(2), or lstat(2) when `followLinks` is false; nil when the path does not exist.
    static func status(_ path: String, followLinks: Bool = true) -> FileStatus? {
        var st = stat()
        let r = followLinks ? stat(path, &st) : lstat(path, &st)
        return r == 0 ? status(st) : nil
    }

    static func status(descriptor fd: Int32) -> FileStatus? {
        var st = stat()
        return fstat(fd, &st) == 0 ? status(st) : nil
    }

    /// The absolute path with every link resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    static func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

    /// Opens an existing file for writing without truncating it: for devices and pipes,
    /// which cannot be replaced by a rename.
    static func openForWriting(_ path: String) -> Int32 { open(path, O_WRONLY | O_CLOEXEC) }

    /// Creates `path` only if nothing has that name (O_EXCL), readable and writable as the
    /// umask allows, like any file a program creates.
    static func createExclusive(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    }

    static func closeFile(_ fd: Int32) { _ = close(fd) }

    /// read(2) into `buffer`, retried on EINTR; the byte count, 0 at the end, or -1.
    static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        while true {
            let n = read(fd, base, buffer.count)
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// pread(2) into `buffer` from `offset`, retried on EINTR; the byte count, 0 at the end, or -1.
    static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        while true {
            let n = pread(fd, base, buffer.count, off_t(offset))
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// write(2) until every byte is out; nil on success, else the errno of the failure.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { buf -> Int32? in
            guard let base = buf.baseAddress else { return nil }
            var done = 0
            while done < buf.count {
                let n = write(fd, base + done, buf.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                // write(2) returns 0 only for a zero-byte request; treat it as no space.
                if n == 0 { return ENOSPC }
                done += n
            }
            return nil
        }
    }

    /// pwrite(2) of every byte at `offset` (a PFM written bottom row first lands its rows where
    /// they belong as they are decoded); nil on success, else the errno of the failure.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], at offset: Int) -> Int32? {
        bytes.withUnsafeBytes { buf -> Int32? in
            guard let base = buf.baseAddress else { return nil }
            var done = 0
            while done < buf.count {
                let n = pwrite(fd, base + done, buf.count - done, off_t(offset + done))
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { return ENOSPC }
                done += n
            }
            return nil
        }
    }

    /// fsync(2); devices and pipes that cannot sync (EINVAL, ENOTSUP) count as synced.
    static func sync(_ fd: Int32) -> Int32? {
        if fsync(fd) == 0 { return nil }
        let e = errno
        return e == EINVAL || e == ENOTSUP || e == EROFS ? nil : e
    }

    static func setMode(_ fd: Int32, _ mode: UInt32) {
        _ = fchmod(fd, mode_t(truncatingIfNeeded: mode & 0o7777))
    }

    /// rename(2); nil on success, else errno.
    static func renameFile(_ from: String, _ to: String) -> Int32? {
        rename(from, to) == 0 ? nil : errno
    }

    /// link(2): a second name that fails with EEXIST when the name is taken.
    static func linkFile(_ from: String, _ to: String) -> Int32? {
        link(from, to) == 0 ? nil : errno
    }

    static func remove(_ path: String) { _ = unlink(path) }

    /// Whether this process may create files in `directory` (root may everywhere).
    static func canWrite(inDirectory directory: String) -> Int32? {
        access(directory, W_OK | X_OK) == 0 ? nil : errno
    }

    /// Names in a directory, without `.` and `..`; nil with errno when it cannot be listed.
    static func list(_ dir: String) -> Result<[String], ErrorNumber> {
        guard let d = opendir(dir) else { return .failure(ErrorNumber(code: errno)) }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    struct ErrorNumber: Error, CustomStringConvertible {
        let code: Int32
        var description: String { Platform.describe(code) }
    }

    static var processID: Int32 { getpid() }

    // MARK: terminal, environment, signals

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// Ends the process the way a write to a closed pipe does when SIGPIPE has its default
    /// action, even if the parent left SIGPIPE ignored: the shell then sees the usual status.
    static func dieOfBrokenPipe() -> Never {
        _ = signal(SIGPIPE, SIG_DFL)
        _ = raise(SIGPIPE)
        exit(128 + SIGPIPE)
    }

    static func sleep(milliseconds ms: Int) {
        _ = usleep(UInt32(min(max(ms, 0), 3_600_000)) * 1000)
    }

    // MARK: threads

    /// Starts a detached POSIX thread with its own stack size; false if it could not start.
    static func spawnThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attr = pthread_attr_t()
        pthread_attr_init(&attr)
        defer { pthread_attr_destroy(&attr) }
        pthread_attr_setstacksize(&attr, stackSize)
        pthread_attr_setdetachstate(&attr, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        let started = pthread_create(&thread, &attr, { raw in
            guard let raw else { return nil }
            Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, context)
        #else
        var thread: pthread_t?
        let started = pthread_create(&thread, &attr, { raw in
            Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, context)
        #endif
        if started != 0 { Unmanaged<Box>.fromOpaque(context).release() }
        return started == 0
    }
}
