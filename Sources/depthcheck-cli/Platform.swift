#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// The zero initialisers of pthread_t and pthread_attr_t are declared, for Swift on Linux, by
// the C module Dispatch is built on.
#if canImport(CDispatch)
import CDispatch
#endif
import DepthCheckCore

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
        var owner: UInt32 = 0
        var group: UInt32 = 0
        /// The number of names (hard links) the file has.
        var links: UInt64 = 1

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
                          kind: kind, size: Int64(st.st_size), mode: UInt32(st.st_mode),
                          owner: UInt32(st.st_uid), group: UInt32(st.st_gid), links: UInt64(truncatingIfNeeded: st.st_nlink))
    }

    /// stat(2), or lstat(2) when `followLinks` is false; nil when the path does not exist.
    /// `path` as the C string of the bytes it stands for (PathText: a name that is not UTF-8
    /// reaches the system exactly as it was read).
    static func c<R>(_ path: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
        let bytes = PathText.bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        // The array is passed as a pointer to its elements, valid for the call.
        return body(bytes)
    }

    static func status(_ path: String, followLinks: Bool = true) -> FileStatus? {
        var st = stat()
        let r = c(path) { followLinks ? stat($0, &st) : lstat($0, &st) }
        return r == 0 ? status(st) : nil
    }

    static func status(descriptor fd: Int32) -> FileStatus? {
        var st = stat()
        return fstat(fd, &st) == 0 ? status(st) : nil
    }

    /// The absolute path with every link resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let p = c(path, { realpath($0, nil) }) else { return nil }
        defer { free(p) }
        return PathText.decode(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
    }

    static func openForReading(_ path: String) -> Int32 { c(path) { open($0, O_RDONLY | O_CLOEXEC) } }

    /// Opens an existing file for writing without truncating it: for devices and pipes,
    /// which cannot be replaced by a rename.
    static func openForWriting(_ path: String) -> Int32 { c(path) { open($0, O_WRONLY | O_CLOEXEC) } }

    /// Creates `path` only if nothing has that name (O_EXCL), readable and writable as the
    /// umask allows, like any file a program creates.
    static func createExclusive(_ path: String) -> Int32 {
        c(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
    }

    static func closeFile(_ fd: Int32) { _ = close(fd) }

    /// dup(2) with close-on-exec: a descriptor of the same open file (its offset and its
    /// O_APPEND shared), to write through and close without closing the original.
    static func duplicate(_ fd: Int32) -> Int32 { fcntl(fd, F_DUPFD_CLOEXEC, 0) }

    /// A file in `directory` that has no name (Linux O_TMPFILE): killed at any moment, even by
    /// SIGKILL, the process leaves nothing behind. -1 with errno where the kernel or the file
    /// system has no unnamed files (then a named temporary file is used).
    ///
    /// Test hook: `DEPTHCHECK_TEST_NAMED_TEMPORARY=1` takes the path of systems without unnamed
    /// files, so tests reach the named temporary file and its signal handlers on Linux too.
    static func createUnnamed(inDirectory directory: String) -> Int32 {
        if environment("DEPTHCHECK_TEST_NAMED_TEMPORARY") == "1" {
            errno = ENOTSUP
            return -1
        }
        #if os(Linux)
        // The file gets its name by linkat(2) of /proc/self/fd/N: without /proc mounted it
        // could never be named, so the named temporary file is used instead.
        guard access("/proc/self/fd", X_OK) == 0 else {
            errno = ENOTSUP
            return -1
        }
        // O_TMPFILE is __O_TMPFILE | O_DIRECTORY; Glibc's macro does not reach Swift.
        let tmpfile: Int32 = 0o20_000_000 | O_DIRECTORY
        return c(directory) { open($0, O_WRONLY | O_CLOEXEC | tmpfile, 0o666) }
        #else
        errno = ENOTSUP
        return -1
        #endif
    }

    /// Gives the unnamed file `fd` the name `path` (linkat(2) of its /proc/self/fd link); fails
    /// with EEXIST when the name is taken.
    static func linkUnnamed(_ fd: Int32, to path: String) -> Int32? {
        #if os(Linux)
        return c(path) { linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, $0, AT_SYMLINK_FOLLOW) } == 0 ? nil : errno
        #else
        return ENOTSUP
        #endif
    }

    /// fchown(2), for a replacement to keep the owner and group of the file it replaces; a
    /// user who may not give the file away keeps it as their own (the error is ignored).
    static func setOwner(_ fd: Int32, _ owner: UInt32, _ group: UInt32) {
        _ = fchown(fd, uid_t(owner), gid_t(group))
    }

    /// read(2) into `buffer`, retried on EINTR; the byte count, 0 at the end, or -1.
    static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        while true {
            let n = read(fd, base, buffer.count)
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
        c(from) { f in c(to) { rename(f, $0) } } == 0 ? nil : errno
    }

    /// link(2): a second name that fails with EEXIST when the name is taken.
    static func linkFile(_ from: String, _ to: String) -> Int32? {
        c(from) { f in c(to) { link(f, $0) } } == 0 ? nil : errno
    }

    static func remove(_ path: String) { _ = c(path) { unlink($0) } }

    /// Whether this process may create files in `directory` (root may everywhere).
    static func canWrite(inDirectory directory: String) -> Int32? {
        c(directory) { access($0, W_OK | X_OK) } == 0 ? nil : errno
    }

    /// Names in a directory, without `.` and `..`; nil with errno when it cannot be listed.
    static func list(_ dir: String) -> Result<[String], ErrorNumber> {
        guard let d = c(dir, { opendir($0) }) else { return .failure(ErrorNumber(code: errno)) }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            // The name's bytes as they are, whatever their encoding (PathText).
            let name = withUnsafePointer(to: e.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) { p in
                    PathText.decode(UnsafeBufferPointer(start: p, count: strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))))
                }
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

    /// The command line after the program name, each argument's bytes kept (PathText).
    static var arguments: [String] {
        (1..<Int(CommandLine.argc)).compactMap { i in
            CommandLine.unsafeArgv[i].map { p in
                PathText.decode(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
            }
        }
    }

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

    // MARK: a temporary file's name, removed on a signal

    /// The named temporary file being written, as a C string the signal handler can read
    /// without allocating; empty when there is none.
    nonisolated(unsafe) private static let pendingTemporary: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: 4096)
        p.initialize(repeating: 0, count: 4096)
        return p
    }()
    nonisolated(unsafe) private static var cleanupInstalled = false

    /// The signals that end a process by default and can be caught; SIGKILL cannot be, which
    /// is why Linux writes through unnamed files instead.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ]

    /// Remembers `path` as the named temporary file in progress: on any of `endingSignals` the
    /// handler removes it (unlink(2) is async-signal-safe) and re-raises the signal with its
    /// default action, so the process still ends as the signal says.
    static func removeOnSignal(_ path: String) {
        let bytes = PathText.bytes(of: path)
        guard bytes.count < 4095 else { return }
        let target = pendingTemporary
        if !cleanupInstalled {
            cleanupInstalled = true
            for sig in endingSignals {
                let previous = signal(sig) { sig in
                    if Platform.pendingTemporary.pointee != 0 { _ = unlink(Platform.pendingTemporary) }
                    _ = signal(sig, SIG_DFL)
                    _ = raise(sig)
                }
                // A signal the parent ignores (`nohup`, SIGINT in a background job) stays
                // ignored: it cannot end the process, so there is nothing to clean up for it.
                if let p = previous, unsafeBitCast(p, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                    _ = signal(sig, SIG_IGN)
                }
            }
        }
        // The first byte goes last: until then the handler sees an empty name.
        target[0] = 0
        for (i, b) in bytes.enumerated().dropFirst() { target[i] = CChar(bitPattern: b) }
        target[bytes.count] = 0
        target[0] = CChar(bitPattern: bytes.first ?? 0)
    }

    /// The temporary file is gone or has become the target: nothing to remove on a signal.
    static func forgetTemporary() { pendingTemporary[0] = 0 }

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

extension Platform {
    /// mkdir(2) with mode 0777 (less the umask); nil on success, else the errno.
    static func makeDirectory(_ path: String) -> Int32? {
        let r = c(path) { mkdir($0, 0o777) }
        return r == 0 ? nil : errno
    }

    /// rmdir(2): only an empty folder goes.
    static func removeDirectory(_ path: String) { _ = c(path) { rmdir($0) } }
}
