/// The file-sized buffer of `PartialRead`, kept from one file to the next of a batch: a
/// partial read lays a file's bytes out at their offsets in a buffer of the file's size that
/// reads as zeros where nothing was read, and zeroing a fresh buffer for each file (1 to 3 MB
/// for an iPhone photo) cost more than reading it. A kept buffer is zeroed only where the
/// previous file was read, and grown only by what the next file needs beyond it.
///
/// One buffer serves one read at a time (a worker of a batch takes one from a pool); the bytes
/// a read hands out are an ordinary array, so whatever still holds them when the buffer is
/// reused keeps its own copy (copy on write): reuse changes the cost, never the bytes.
public final class ReadBuffer: @unchecked Sendable {
    var bytes: [UInt8] = []
    /// The ranges of `bytes` that may hold anything but zeros.
    var dirty: [Range<Int>] = []

    public init() {}

    /// A buffer of `size` zeros: the kept one with its dirty ranges zeroed and its length set.
    func take(size: Int) -> [UInt8] {
        var b = bytes
        let written = dirty
        bytes = []
        dirty = []
        // A file larger than the kept buffer's capacity gets a new buffer, whose pages cost
        // nothing until a read fills them (`ZeroedBytes`); the kept one is dropped unzeroed,
        // where growing it would copy it and write the rest. So does a file that would grow
        // the kept buffer by more than the pages of a new one cost: in a batch that
        // alternates a 2.6 MB JPEG and a 1.3 MB HEIC, writing the 1.3 MB of zeros back onto
        // every JPEG's buffer was 7 % of the batch's time.
        guard Self.serves(capacity: b.capacity, count: b.count, size: size) else {
            return ZeroedBytes.make(count: size)
        }
        b.withUnsafeMutableBytes { all in
            for r in written {
                let lower = min(r.lowerBound, all.count), upper = min(r.upperBound, all.count)
                guard lower < upper else { continue }
                UnsafeMutableRawBufferPointer(rebasing: all[lower..<upper]).initializeMemory(as: UInt8.self, repeating: 0)
            }
        }
        if b.count > size {
            b.removeLast(b.count - size)
        } else if b.count < size {
            // Within the capacity: appended from a block of zeros, copied at memory speed
            // (appending a repeated element goes one byte at a time).
            while b.count < size { b.append(contentsOf: Self.zeros.prefix(size - b.count)) }
        }
        return b
    }

    static let zeros = [UInt8](repeating: 0, count: 64 << 10)

    /// Whether a kept buffer of `count` bytes with room for `capacity` serves a file of `size`:
    /// it must hold the file, and grow by less than a new paged buffer costs.
    static func serves(capacity: Int, count: Int, size: Int) -> Bool {
        capacity >= size && size - count < ZeroedBytes.pagedFrom
    }

    /// Takes back the bytes of a read (`loaded`: the ranges it filled; anything past
    /// `fileSize` was appended, as a mini box's expansion is): the next read zeroes only those.
    /// Give them back once the check that used them is done.
    public func recycle(_ bytes: [UInt8], loaded: [Range<Int>], fileSize: Int) {
        // A rare large file is not kept: its buffer would stay for the rest of the batch.
        guard bytes.count <= Self.keptAtMost else {
            self.bytes = []
            dirty = []
            return
        }
        self.bytes = bytes
        dirty = loaded + (bytes.count > fileSize ? [fileSize..<bytes.count] : [])
    }

    /// The largest buffer kept between files: photos from phones are a few megabytes.
    static let keptAtMost = 64 << 20

    /// Takes back the bytes of `read` once the check that used them is done.
    public func recycle(_ read: PartialRead) {
        recycle(read.bytes, loaded: read.loaded, fileSize: read.file.size)
    }
}
