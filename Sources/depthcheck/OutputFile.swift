/// A file the command line writes (`--output` today; every command that writes files uses
/// the same type). The request is checked before any work, and the bytes reach the target
/// whole or not at all: they go to a new file beside the target, are synced, and only then
/// renamed over it, so a full disk or an interrupted run never leaves a truncated report,
/// and the old file survives any failure.
///
/// Failures carry the exit code the README promises: 2 when the path cannot name a file to
/// write (missing folder, a directory, no permission, one of the inputs, `--no-clobber`),
/// 4 when writing the bytes fails (full disk, I/O error).
struct OutputFile {
    /// The path as the user gave it, for messages.
    let path: String
    /// Where the bytes go: `path` with a link to an existing file resolved, so the link keeps
    /// pointing at the new contents instead of being replaced by them.
    let target: String
    /// The target as it was when the request was checked; nil when it does not exist yet.
    let existing: Platform.FileStatus?
    let noClobber: Bool

    /// Checks that `path` can be written without overwriting one of `inputs` (or, with
    /// `noClobber`, anything at all); throws a usage failure otherwise.
    static func prepare(_ path: String, inputs: [String], noClobber: Bool) throws(CommandFailure) -> OutputFile {
        guard !path.isEmpty else { throw CommandFailure(Exit.usage, "--output needs a file name") }
        for input in inputs where isSameFile(path, input) {
            let named = input == path ? "" : " (\(input))"
            throw CommandFailure(Exit.usage, "refusing to write to \(path): it is one of the inputs\(named)")
        }
        let linked = Platform.status(path, followLinks: false)
        if noClobber, linked != nil {
            throw CommandFailure(Exit.usage, "\(path) exists; not overwritten (--no-clobber)")
        }
        var target = path
        if linked?.kind == .symlink, let resolved = Platform.realPath(path) { target = resolved }
        let existing = Platform.status(target)
        switch existing?.kind {
        case .directory?:
            throw failure(path, Platform.isADirectory)
        case .other?:
            // A device or pipe (`/dev/stdout`, a FIFO) is written in place; it cannot be
            // replaced by a rename and holds no old contents to protect.
            break
        default:
            let dir = directory(of: target)
            guard let d = Platform.status(dir) else { throw failure(path, Platform.noSuchFile) }
            guard d.kind == .directory else { throw failure(path, Platform.notADirectory) }
            if let e = Platform.canWrite(inDirectory: dir) { throw failure(path, e) }
        }
        return OutputFile(path: path, target: target, existing: existing, noClobber: noClobber)
    }

    /// Writes `bytes` to the target: in place for a device or pipe, else through a temporary
    /// file in the target's folder that replaces the target only once it is complete.
    func write(_ bytes: [UInt8]) throws(CommandFailure) {
        var stream = try open()
        do throws(CommandFailure) {
            try stream.append(bytes)
            try stream.commit()
        } catch {
            stream.abandon()
            throw error
        }
    }

    /// Starts writing: the bytes appended to the stream reach the target only on `commit()`;
    /// `abandon()` (or any failure) leaves the target as it was and no file behind.
    func open() throws(CommandFailure) -> Stream {
        if existing?.kind == .other {
            let fd = Platform.openForWriting(target)
            guard fd >= 0 else { throw Self.failure(path, Platform.lastError) }
            return Stream(file: self, fd: fd, temporary: nil)
        }
        let (temp, fd) = try createTemporary()
        if let mode = existing?.mode { Platform.setMode(fd, mode) }
        return Stream(file: self, fd: fd, temporary: temp)
    }

    /// An output being written: a device or pipe in place, or a temporary file to be renamed.
    struct Stream {
        let file: OutputFile
        private(set) var fd: Int32
        /// The temporary file that becomes the target on commit; nil when writing in place.
        let temporary: String?

        init(file: OutputFile, fd: Int32, temporary: String?) {
            self.file = file
            self.fd = fd
            self.temporary = temporary
        }

        func append(_ bytes: [UInt8]) throws(CommandFailure) {
            if let e = Platform.writeAll(fd, bytes) { throw OutputFile.failure(file.path, e) }
        }

        /// Syncs and renames the temporary file over the target (or links it, with
        /// `--no-clobber`); on failure nothing is left behind.
        mutating func commit() throws(CommandFailure) {
            guard let temp = temporary else {
                close()
                return
            }
            var failed = Platform.sync(fd)
            close()
            if failed == nil {
                failed = file.noClobber ? file.linkWithoutClobbering(temp) : Platform.renameFile(temp, file.target)
            }
            // After a rename the temporary name is gone and this is a no-op; after a link or any
            // failure it removes the only other name, so nothing partial is left behind.
            Platform.remove(temp)
            guard let e = failed else { return }
            if e == Platform.exists { throw CommandFailure(Exit.usage, "\(file.path) exists; not overwritten (--no-clobber)") }
            throw OutputFile.failure(file.path, e)
        }

        /// Drops what was written: the temporary file is removed and the target left alone.
        mutating func abandon() {
            close()
            if let temp = temporary { Platform.remove(temp) }
        }

        private mutating func close() {
            if fd >= 0 { Platform.closeFile(fd) }
            fd = -1
        }
    }

    /// A new file beside the target that no other process can have opened (O_EXCL); the
    /// name starts with a dot so directory walks and listings skip it.
    private func createTemporary() throws(CommandFailure) -> (String, Int32) {
        let dir = Self.directory(of: target)
        let base = Self.lastComponent(of: target)
        var lastError = Platform.exists
        for _ in 0..<100 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let temp = (dir == "/" ? "" : dir) + "/.\(base).\(Platform.processID).\(suffix).tmp"
            let fd = Platform.createExclusive(temp)
            if fd >= 0 { return (temp, fd) }
            lastError = Platform.lastError
            if lastError != Platform.exists { break }
        }
        throw Self.failure(path, lastError)
    }

    /// link(2) fails when the target exists, so `--no-clobber` holds even against a file
    /// created while depthcheck worked. File systems without hard links fall back to a check
    /// and a rename.
    func linkWithoutClobbering(_ temp: String) -> Int32? {
        guard let e = Platform.linkFile(temp, target) else { return nil }
        guard Platform.noHardLinks.contains(e) else { return e }
        if Platform.status(target, followLinks: false) != nil { return Platform.exists }
        return Platform.renameFile(temp, target)
    }

    /// `cannot write PATH: reason`, exit 2 when the reason is about the path, else 4.
    static func failure(_ path: String, _ error: Int32) -> CommandFailure {
        let code = Platform.pathErrors.contains(error) ? Exit.usage : Exit.outputFailed
        return CommandFailure(code, "cannot write \(path): \(Platform.describe(error))")
    }

    /// Whether two paths name one file: the same device and inode when both exist, else the
    /// same absolute path once links in their folders are resolved.
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        if let sa = Platform.status(a), let sb = Platform.status(b) { return sa.isSameFile(as: sb) }
        return canonical(a) == canonical(b)
    }

    static func canonical(_ path: String) -> String {
        if let real = Platform.realPath(path) { return real }
        guard let folder = Platform.realPath(directory(of: path)) else { return path }
        return (folder == "/" ? "" : folder) + "/" + lastComponent(of: path)
    }

    static func directory(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    static func lastComponent(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }
}
