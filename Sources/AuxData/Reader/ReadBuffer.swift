/// The file-sized buffer of `PartialRead`, kept from one file to the next of a batch: a
/// partial read lays a file's bytes out at their offsets in a buffer of the file's size that
/// reads as zeros where nothing was read, and zeroing a fresh buffer for each file (1 to 3 MB
/// for an iPhone photo) cost more than reading it. A kept buffer is zeroed only where the
/// previous file was read, and grown only by what the next file needs beyond it.
///
/// One buffer serves one read at a time (a worker of a batch takes one from a pool); the bytes
/// a read hands out are an ordinary array, so whatever still holds them when the buffer is
/// reused keeps its own copy (copy on write): reuse changes the cost, never the bytes.
package final class ReadBuffer: @unchecked Sendable {
    /// A buffer kept from an earlier file, and the ranges of it that may hold anything but zeros.
    struct Kept {
        var bytes: [UInt8]
        var dirty: [Range<Int>]
    }

    /// Buffers kept from earlier files, oldest first. A batch that mixes sizes keeps one of
    /// each: with one buffer, a batch alternating a 2.6 MB JPEG and a 1.3 MB HEIC cut the
    /// JPEG's buffer down for the HEIC, and every JPEG then took a new paged buffer (an
    /// `mmap`, a `madvise`, a page fault per page it read, and an `munmap` of the last one).
    var kept: [Kept] = []

    package init() {}

    /// A buffer of `size` zeros: the kept one that serves it with the least to cut or grow,
    /// its dirty ranges zeroed and its length set; a new paged buffer when none serves.
    func take(size: Int) -> [UInt8] {
        var best: Int?
        for i in kept.indices where Self.serves(capacity: kept[i].bytes.capacity, count: kept[i].bytes.count, size: size) {
            if let b = best, abs(kept[b].bytes.count - size) <= abs(kept[i].bytes.count - size) { continue }
            best = i
        }
        // A file larger than every kept buffer's capacity gets a new buffer, whose pages cost
        // nothing until a read fills them (`ZeroedBytes`); growing one would copy it and write
        // the rest. So does a file that would grow a kept buffer by more than the pages of a
        // new one cost: writing 1.3 MB of zeros onto a buffer for each file was 7 % of a batch.
        guard let i = best else { return ZeroedBytes.make(count: size) }
        var b = kept[i].bytes
        let written = kept[i].dirty
        kept.remove(at: i)
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
    /// `fileSize` was appended, as a mini box's expansion is): the next read that takes them
    /// zeroes only those. Give them back once the check that used them is done.
    package func recycle(_ bytes: [UInt8], loaded: [Range<Int>], fileSize: Int) {
        // A rare large file is not kept: its buffer would stay for the rest of the batch.
        guard bytes.count <= Self.keptAtMost else { return }
        kept.append(Kept(bytes: bytes, dirty: loaded + (bytes.count > fileSize ? [fileSize..<bytes.count] : [])))
        // At most `keptBuffers`, together at most `keptAtMost` bytes: the oldest go first.
        while kept.count > Self.keptBuffers || kept.reduce(0, { $0 + $1.bytes.capacity }) > Self.keptAtMost {
            kept.removeFirst()
        }
    }

    /// The most buffers kept between files: a library's photos come in a few sizes.
    static let keptBuffers = 4

    /// The most bytes kept between files: photos from phones are a few megabytes.
    static let keptAtMost = 64 << 20

    /// Takes back the bytes of `read` once the check that used them is done.
    package func recycle(_ read: PartialRead) {
        recycle(read.bytes, loaded: read.loaded, fileSize: read.file.size)
    }
}
