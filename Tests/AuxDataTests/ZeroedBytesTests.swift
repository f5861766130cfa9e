import Testing
@testable import AuxData

/// A partial read's buffer reads as zeros everywhere, whether its pages were written or handed
/// back to the kernel, at every length around a page and wherever the allocation starts, even
/// where the heap held other bytes just before.
@Suite struct ZeroedBytesTests {
    static let sizes = [0, 1, 4095, 4096, 4097, ZeroedBytes.pagedFrom - 1, ZeroedBytes.pagedFrom,
                        ZeroedBytes.pagedFrom + 1, ZeroedBytes.pagedFrom + 4095, 3 << 20, (3 << 20) + 123]

    @Test(arguments: sizes)
    func everyByteIsZero(count: Int) {
        // Memory the allocator just took back, full of non-zero bytes, is likely to be handed
        // out again: the new buffer must not show any of it.
        for _ in 0..<3 {
            var stale = [UInt8](repeating: 0xA5, count: count + 64)
            stale[stale.count / 2] = 0x5A
            #expect(stale.count == count + 64)
        }
        let bytes = ZeroedBytes.make(count: count)
        #expect(bytes.count == count)
        #expect(bytes.firstIndex { $0 != 0 } == nil)
    }

    @Test func writtenBytesStayAndTheRestStaysZero() {
        var bytes = ZeroedBytes.make(count: (2 << 20) + 17)
        bytes[5] = 1
        bytes[1 << 20] = 2
        bytes[bytes.count - 1] = 3
        #expect(bytes.count == (2 << 20) + 17)
        #expect(bytes.reduce(0) { $0 + Int($1) } == 6)
        #expect(bytes[5] == 1 && bytes[1 << 20] == 2 && bytes[bytes.count - 1] == 3)
    }

    /// A batch's buffer grows past its capacity into a new paged buffer, and reused within its
    /// capacity; every file gets zeros where it was not read.
    @Test func aBatchBufferGrowsIntoPagedZeros() {
        let buffer = ReadBuffer()
        var a = buffer.take(size: 1 << 20)
        _ = a.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0xEE) }
        buffer.recycle(a, loaded: [0..<(1 << 20)], fileSize: 1 << 20)
        a = []
        let b = buffer.take(size: 3 << 20)
        #expect(b.count == 3 << 20 && b.firstIndex { $0 != 0 } == nil)
        buffer.recycle(b, loaded: [], fileSize: 3 << 20)
        let c = buffer.take(size: 2 << 20)
        #expect(c.count == 2 << 20 && c.firstIndex { $0 != 0 } == nil)
        buffer.recycle(c, loaded: [0..<16], fileSize: 2 << 20)
        let d = buffer.take(size: 3 << 20)
        #expect(d.count == 3 << 20 && d.firstIndex { $0 != 0 } == nil)
    }
}
