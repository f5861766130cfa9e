#if canImport(Glibc)
import Glibc
#endif

/// A buffer of zeros whose pages cost nothing until they are touched.
///
/// A partial read lays a file out at its offsets in a buffer of the file's size and reads a few
/// percent of it (see `PartialRead`). `[UInt8](repeating: 0, count:)` writes every byte, which
/// faults in every page of the buffer: for a 2.6 MB photo that is 635 page faults and most of
/// a one-file check's system time, for bytes that are never read. On Linux the whole pages
/// inside the allocation are handed back with `madvise(MADV_DONTNEED)` instead: for private
/// anonymous memory, which every allocator hands out, the next access to such a page reads a
/// page of zeros (madvise(2)), so the buffer reads as zeros everywhere, exactly as the written
/// one, and only the pages a read fills are ever made. Elsewhere, and where the call fails,
/// the bytes are written.
enum ZeroedBytes {
    /// Below this the writes cost less than the system call.
    static let pagedFrom = 256 << 10

    static func make(count: Int) -> [UInt8] {
        #if os(Linux)
        guard count >= pagedFrom else { return [UInt8](repeating: 0, count: count) }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = count
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeMutableRawPointer(base)
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            // The whole pages inside the allocation; the bytes before and after them share
            // their pages with other allocations and are written.
            let head = page > 0 ? (page - Int(bitPattern: raw) % page) % page : 0
            let pages = page > 0 ? (count - head) / page * page : 0
            guard pages > 0, madvise(raw + head, pages, MADV_DONTNEED) == 0 else {
                raw.initializeMemory(as: UInt8.self, repeating: 0, count: count)
                return
            }
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: head)
            (raw + head + pages).initializeMemory(as: UInt8.self, repeating: 0, count: count - head - pages)
        }
        #else
        return [UInt8](repeating: 0, count: count)
        #endif
    }
}
