import AuxData

/// Reads the bytes of a photo that its check reads (`PartialRead`): the structure, the aux
/// images and the metadata, not the primary's coded data. The file is opened read-only and
/// read with pread(2); a file cut short while it is read reads as zeros past its new end,
/// which gives findings, never a crash (a mapping of the file would raise SIGBUS instead).
enum PhotoInput {
    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Files above this size are refused before anything is allocated.
    static let maxFileSize = 4 << 30

    /// A file open for reading at given offsets.
    struct Descriptor: RandomAccessFile {
        let fd: Int32
        let size: Int

        func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
            var done = 0
            while done < range.count {
                let n = Platform.readSome(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]),
                                          at: range.lowerBound + done)
                if n < 0 { return nil }
                if n == 0 { break }
                done += n
            }
            return done
        }
    }

    /// The whole file: decoding reads the coded aux data, which a partial read leaves out of a HEIF.
    static func readWhole(_ path: String) throws -> [UInt8] {
        try read(path, readWholeBelow: Int.max)
    }

    /// `auxImageData`: also the coded data of a HEIF's aux images, for decoding them (a JPEG's
    /// MP images are always read).
    static func read(_ path: String, readWholeBelow: Int = PartialRead.wholeFileBelow, auxImageData: Bool = false) throws -> [UInt8] {
        let fd = Platform.openInput(path)
        guard fd >= 0 else { throw ReadError(description: "cannot open \(path): \(Platform.describe(Platform.lastError))") }
        defer { Platform.closeFile(fd) }
        guard let st = Platform.status(descriptor: fd) else {
            throw ReadError(description: "cannot stat \(path): \(Platform.describe(Platform.lastError))")
        }
        guard st.kind == .file else { throw ReadError(description: "\(path) is \(Platform.kindName(path))") }
        guard st.size <= Int64(maxFileSize) else { throw ReadError(description: "\(path) is larger than 4 GiB") }
        do {
            return try PartialRead.load(Descriptor(fd: fd, size: Int(st.size)), readWholeBelow: readWholeBelow,
                                        auxImageData: auxImageData).bytes
        } catch {
            throw ReadError(description: "cannot read \(path): \(error.description): \(Platform.describe(Platform.lastError))")
        }
    }
}
