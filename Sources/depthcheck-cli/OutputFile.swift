import DepthCheckCore

/// A file the command line writes (`--output` today; every command that writes files uses
/// the same type). The request is checked before any work, and the bytes reach the target
/// whole or not at all: they go to a new file beside the target, are synced, and only then
/// renamed over it, so a full disk or an interrupted run never leaves a truncated report,
/// and the old file survives any failure. On Linux the new file has no name until it is
/// complete (O_TMPFILE, then linkat(2)), so not even SIGKILL leaves a partial file behind;
/// elsewhere the named temporary file is removed on SIGINT, SIGTERM, SIGHUP, SIGQUIT and
/// SIGXFSZ before the signal ends the process. A replaced file keeps its mode, and its owner
/// where the user may give it away.
///
/// A target that is the process's own standard output or error (`--output /dev/stdout`
/// with stdout redirected to a file, or any name of that file) is written through that
/// descriptor, appending where the shell opened it to append, never replaced.
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
    /// The option that would have allowed replacing an existing file (see `prepare`).
    let allowedBy: String?
    /// Standard output or error, when the target is the file one of them writes to.
    let ownStream: Int32?

    /// What a refusal to replace `path` says: the option of this command that would allow it.
    static func existsMessage(_ path: String, _ allowedBy: String?) -> String {
        allowedBy.map { "\(PathText.display(path)) exists; not replaced without \($0)" } ?? "\(PathText.display(path)) exists; not overwritten (--no-clobber)"
    }

    /// Checks that `path` can be written without overwriting one of `inputs` (or, with
    /// `noClobber`, anything at all); throws a usage failure otherwise.
    ///
    /// A read-only file (no write permission for anyone) is replaced only with `force`: its
    /// owner made it so, and a rename would replace it all the same.
    /// `allowedBy` names the option that lets an existing file be replaced (`--force`: no
    /// command replaces an existing file without it), for the refusal's message.
    static func prepare(_ path: String, inputs: [String], known: [String: Platform.FileStatus] = [:], noClobber: Bool,
                        force: Bool = false, allowedBy: String? = nil) throws(CommandFailure) -> OutputFile {
        guard !path.isEmpty else { throw CommandFailure(Exit.usage, "--output needs a file name") }
        if let input = input(among: inputs, sameAs: path, known: known) {
            let named = input == path ? "" : " (\(PathText.display(input)))"
            throw CommandFailure(Exit.usage, "refusing to write to \(PathText.display(path)): it is one of the inputs\(named)")
        }
        let linked = Platform.status(path, followLinks: false)
        var target = path
        if linked?.kind == .symlink, let resolved = Platform.realPath(path) { target = resolved }
        let existing = Platform.status(target)
        // A folder is never a file to write, whatever the options; a device or pipe
        // (`/dev/null`, `/dev/stdout`, a FIFO) is written in place and holds nothing that
        // --no-clobber protects.
        if existing?.kind == .directory { throw failure(path, Platform.isADirectory) }
        // The file standard output or error writes to is written through that descriptor,
        // never replaced: there is nothing to protect.
        let ownStream = existing.flatMap(Self.ownStream(for:))
        if noClobber, linked != nil, existing?.kind != .other, ownStream == nil {
            throw CommandFailure(Exit.usage, existsMessage(path, allowedBy))
        }
        if let e = existing, e.kind == .file, e.mode & 0o222 == 0, !force, !noClobber {
            throw CommandFailure(Exit.usage, "\(PathText.display(path)) is read-only; not replaced without --force")
        }
        switch existing?.kind {
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
        return OutputFile(path: path, target: target, existing: existing, noClobber: noClobber, allowedBy: allowedBy,
                          ownStream: ownStream)
    }

    /// The first of `inputs` that standard output writes into (`-o - >> photo.heic`,
    /// `1<>photo.jpg`): bytes written there would overwrite or grow an input. Only a regular
    /// file can be one; a terminal, pipe or device never is.
    static func input(among inputs: [String], behind fd: Int32 = Platform.standardOutput,
                      known: [String: Platform.FileStatus] = [:]) -> String? {
        guard let out = Platform.status(descriptor: fd), out.kind == .file else { return nil }
        return inputs.first { input in (known[input] ?? Platform.status(input)).map(out.isSameFile(as:)) ?? false }
    }

    /// Refuses (exit 2) to write to standard output when it is one of `inputs`.
    static func requireStandardOutput(isNotOneOf inputs: [String], known: [String: Platform.FileStatus] = [:]) throws(CommandFailure) {
        guard let input = input(among: inputs, known: known) else { return }
        throw CommandFailure(Exit.usage, "refusing to write to standard output: it is one of the inputs (\(PathText.display(input))); nothing written")
    }

    /// The process's standard output or error when `file` is the file it writes to.
    static func ownStream(for file: Platform.FileStatus) -> Int32? {
        [Platform.standardOutput, Platform.standardError].first { fd in
            Platform.status(descriptor: fd).map { $0.isSameFile(as: file) } ?? false
        }
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
        if let stream = ownStream {
            let fd = Platform.duplicate(stream)
            guard fd >= 0 else { throw Self.failure(path, Platform.lastError) }
            return Stream(file: self, fd: fd, temporary: nil, unnamed: false)
        }
        if existing?.kind == .other {
            let fd = Platform.openForWriting(target)
            guard fd >= 0 else { throw Self.failure(path, Platform.lastError) }
            return Stream(file: self, fd: fd, temporary: nil, unnamed: false)
        }
        let unnamed = Platform.createUnnamed(inDirectory: Self.directory(of: target))
        let stream: Stream
        if unnamed >= 0 {
            stream = Stream(file: self, fd: unnamed, temporary: nil, unnamed: true)
        } else {
            let (temp, fd) = try createTemporary()
            Platform.removeOnSignal(temp)
            stream = Stream(file: self, fd: fd, temporary: temp, unnamed: false)
        }
        if let e = existing {
            Platform.setOwner(stream.fd, e.owner, e.group)
            // After fchown, which clears set-user-ID and set-group-ID bits.
            Platform.setMode(stream.fd, e.mode)
        }
        return stream
    }

    /// An output being written: a device, pipe or own stream in place, or a new file (unnamed,
    /// or a named temporary one) that becomes the target on commit.
    struct Stream {
        let file: OutputFile
        private(set) var fd: Int32
        /// The named temporary file that becomes the target on commit.
        let temporary: String?
        /// The file has no name yet (O_TMPFILE): commit links it into place.
        let unnamed: Bool

        /// A new file (unnamed or temporary) that can be written at offsets; false for a
        /// device, a pipe or an own stream, which take appends only.
        var isNewFile: Bool { unnamed || temporary != nil }

        init(file: OutputFile, fd: Int32, temporary: String?, unnamed: Bool) {
            self.file = file
            self.fd = fd
            self.temporary = temporary
            self.unnamed = unnamed
        }

        func append(_ bytes: [UInt8]) throws(CommandFailure) {
            if let e = Platform.writeAll(fd, bytes) { throw OutputFile.failure(file.path, e) }
        }

        /// Syncs and renames the temporary file over the target (or links it, with
        /// `--no-clobber`); on failure nothing is left behind.
        mutating func commit() throws(CommandFailure) {
            if unnamed { try name() }
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
            Platform.forgetTemporary()
            guard let e = failed else { return file.sayLinksKeptOldContents() }
            if e == Platform.exists { throw CommandFailure(Exit.usage, OutputFile.existsMessage(file.path, file.allowedBy)) }
            throw OutputFile.failure(file.path, e)
        }

        /// Gives the complete, synced unnamed file a name: the target itself with `--no-clobber`
        /// (linkat fails if it exists), else a hidden temporary name that `commit` renames
        /// over the target, so the target is replaced in one step.
        private mutating func name() throws(CommandFailure) {
            if let e = Platform.sync(fd) { throw OutputFile.failure(file.path, e) }
            if file.noClobber {
                guard let e = Platform.linkUnnamed(fd, to: file.target) else {
                    close()
                    return
                }
                if e == Platform.exists { throw CommandFailure(Exit.usage, OutputFile.existsMessage(file.path, file.allowedBy)) }
                throw OutputFile.failure(file.path, e)
            }
            var lastError = Platform.exists
            for _ in 0..<100 {
                let temp = file.temporaryName()
                Platform.removeOnSignal(temp)
                guard let e = Platform.linkUnnamed(fd, to: temp) else {
                    let failed = Platform.renameFile(temp, file.target)
                    if failed != nil { Platform.remove(temp) }
                    Platform.forgetTemporary()
                    close()
                    guard let e = failed else { return file.sayLinksKeptOldContents() }
                    throw OutputFile.failure(file.path, e)
                }
                Platform.forgetTemporary()
                lastError = e
                if e != Platform.exists { break }
            }
            throw OutputFile.failure(file.path, lastError)
        }

        /// Drops what was written: the temporary file is removed (an unnamed one vanishes when
        /// closed) and the target left alone.
        mutating func abandon() {
            close()
            if let temp = temporary { Platform.remove(temp) }
            Platform.forgetTemporary()
        }

        private mutating func close() {
            if fd >= 0 { Platform.closeFile(fd) }
            fd = -1
        }
    }

    /// A file is replaced by a new one under its name (so it is never seen half written); other
    /// names of the old file (hard links) still lead to the old contents, which is said on
    /// standard error, so nobody reads a stale copy believing it new.
    func sayLinksKeptOldContents() {
        guard let e = existing, e.kind == .file, e.links > 1 else { return }
        let others = e.links - 1
        Terminal.writeStderr("depthcheck: note: \(PathText.display(path)) was replaced by a new file; its \(others) other "
                             + (others == 1 ? "name (a hard link) still holds" : "names (hard links) still hold") + " the old contents\n")
    }

    /// A new file beside the target that no other process can have opened (O_EXCL); the
    /// name starts with a dot so directory walks and listings skip it.
    private func createTemporary() throws(CommandFailure) -> (String, Int32) {
        var lastError = Platform.exists
        for _ in 0..<100 {
            let temp = temporaryName()
            let fd = Platform.createExclusive(temp)
            if fd >= 0 { return (temp, fd) }
            lastError = Platform.lastError
            if lastError != Platform.exists { break }
        }
        throw Self.failure(path, lastError)
    }

    /// `.name.pid.hex.tmp` beside the target.
    func temporaryName() -> String {
        let dir = Self.directory(of: target)
        let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return (dir == "/" ? "" : dir) + "/.\(Self.lastComponent(of: target)).\(Platform.processID).\(suffix).tmp"
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
        return CommandFailure(code, "cannot write \(PathText.display(path)): \(Platform.describe(error))")
    }

    /// Whether two paths name one file: the same device and inode when both exist, else the
    /// same absolute path once links in their folders are resolved.
    /// The first of `inputs` that is the file `output` names, with the output looked at once
    /// rather than once per input (a batch names thousands). Two files that both exist are the
    /// same when they are the same inode; a name that does not exist is compared by its
    /// canonical form (`check missing.json -o missing.json` is refused too).
    /// `known`: what some inputs were when they were looked at a moment before (links
    /// followed), which is not looked up again.
    static func input(among inputs: [String], sameAs output: String, known: [String: Platform.FileStatus] = [:]) -> String? {
        // A batch names its files twice over (as listed and as found): each name is looked at
        // once. A few names are compared in a `ListSet`.
        let distinct: [String]
        if inputs.count > 16 {
            var seen: Set<String> = []
            distinct = inputs.filter { seen.insert($0).inserted }
        } else {
            distinct = ListSet(inputs).elements
        }
        let inputs = distinct
        if let so = Platform.status(output) {
            return inputs.first { input in
                if let si = known[input] ?? Platform.status(input) { return so.isSameFile(as: si) }
                return canonical(input) == canonical(output)
            }
        }
        let c = canonical(output)
        return inputs.first { input in known[input] == nil && Platform.status(input) == nil && canonical(input) == c }
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
