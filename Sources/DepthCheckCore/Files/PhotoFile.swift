import AuxData
import Container

/// Reads photo files from disk for a check, a decode or a rewrite, with pread(2): never a
/// mapping of the file (a file cut short while it is read would raise SIGBUS), never more
/// than asked, and nothing above 4 GiB.
public enum PhotoFile {
    /// How much of the file a use needs.
    public enum Extent: Sendable {
        /// Every byte: rewriting a photo copies the primary's coded data; drawing it decodes it.
        case whole
        /// What a check reads: the structure, the aux images of a JPEG and the metadata, laid
        /// out at their offsets with the primary's coded data left as zeros (a megabyte or
        /// more of an iPhone photo). Files under 256 KiB are read whole (`PartialRead.wholeFileBelow`).
        case structure
        /// The structure and the coded data of a HEIF's aux images, for decoding them
        /// (`check --pixels`).
        case structureAndAuxData
    }

    /// The container `bytes` begin as, or nil when they are neither a JPEG nor a HEIF.
    public static func container(of bytes: [UInt8]) -> ContainerFormat? {
        PhotoReader.container(of: bytes)
    }

    /// The bytes of the photo at `path`, as much of them as `extent` says; a file cut short
    /// while it is read gives what is there. Throws ``DepthCheckError/unreadable(message:offset:path:)``
    /// when the file cannot be opened or read, is not a regular file, or is above 4 GiB.
    public static func read(_ path: String, _ extent: Extent = .whole) throws(DepthCheckError) -> [UInt8] {
        let file = try InputFile(path: path)
        if case .whole = extent { return try file.readAll() }
        return try partial(file, extent, limits: .default, buffer: nil).bytes
    }

    /// `body` of the bytes of the photo at `path`, as `read(_:_:)` gives them, and of the
    /// partial read that loaded them (nil for a whole read): `Validation.check(_:path:options:)`
    /// takes the HEIF structure it parsed instead of parsing it again. A partial read lays the
    /// bytes out in `buffer`, kept for the next file of a batch (zeroing a fresh file-sized
    /// buffer for every file costs more than the read). Whatever `body` keeps of the bytes
    /// stays as it was (copy on write).
    /// The structure is parsed within `limits`, the check's own, so the check takes it as it is.
    package static func withContents<R>(of path: String, _ extent: Extent, limits: ParseLimits, reusing buffer: ReadBuffer,
                                       _ body: ([UInt8], PartialRead?) -> R) throws(DepthCheckError) -> R {
        let file = try InputFile(path: path)
        if case .whole = extent { return body(try file.readAll(), nil) }
        let read = try partial(file, extent, limits: limits, buffer: buffer)
        let result = body(read.bytes, read)
        buffer.recycle(read)
        return result
    }

    /// The partial read of `file`, its structure parsed within `limits`, without readahead
    /// (POSIX_FADV_RANDOM).
    static func partial(_ file: InputFile, _ extent: Extent, limits: ParseLimits, buffer: ReadBuffer?) throws(DepthCheckError) -> PartialRead {
        file.adviseRandomAccess()
        do {
            return try PartialRead.load(file, limits: limits, auxImageData: extent == .structureAndAuxData, buffer: buffer)
        } catch {
            throw InputFile.failure("cannot read \(file.path): \(error.description)")
        }
    }
}
