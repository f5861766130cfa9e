/// Reads a whole file, for the commands that write a photo again (`roundtrip`, `embed`,
/// `strip`): unlike a check, they copy the primary's coded data, so they need every byte.
enum WholeFileInput {
    static func read(_ path: String) throws(CommandFailure) -> [UInt8] {
        let fd = Platform.openInput(path)
        guard fd >= 0 else { throw CommandFailure(Exit.unreadable, "cannot open \(path): \(Platform.describe(Platform.lastError))") }
        defer { Platform.closeFile(fd) }
        guard let st = Platform.status(descriptor: fd) else {
            throw CommandFailure(Exit.unreadable, "cannot stat \(path): \(Platform.describe(Platform.lastError))")
        }
        guard st.kind == .file else { throw CommandFailure(Exit.unreadable, "\(path) is \(Platform.kindName(path))") }
        guard st.size <= Int64(PhotoInput.maxFileSize) else { throw CommandFailure(Exit.unreadable, "\(path) is larger than 4 GiB") }
        var bytes = [UInt8](repeating: 0, count: Int(st.size))
        var done = 0
        let ok = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while done < buffer.count {
                let n = Platform.readSome(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: done)
                if n <= 0 { return n == 0 }
                done += n
            }
            return true
        }
        guard ok else { throw CommandFailure(Exit.unreadable, "cannot read \(path): \(Platform.describe(Platform.lastError))") }
        // A file cut short while it was read: what is there.
        return done < bytes.count ? Array(bytes[..<done]) : bytes
    }
}
