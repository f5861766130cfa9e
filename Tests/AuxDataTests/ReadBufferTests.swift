import Testing
@testable import AuxData

/// A batch's read buffer is zeroed where the last file was read, keeps its length only for
/// files of ordinary size, and gives back zeros everywhere else.
@Suite struct ReadBufferTests {
    @Test func dirtyRangesAreZeroedAndTheLengthSet() {
        let buffer = ReadBuffer()
        var a = buffer.take(size: 100)
        #expect(a.count == 100 && a.allSatisfy { $0 == 0 })
        for i in 10..<20 { a[i] = 0xAB }
        a += [7, 7, 7]   // a mini box's expansion, appended past the file's end
        buffer.recycle(a, loaded: [10..<20], fileSize: 100)
        a = []
        let b = buffer.take(size: 120)
        #expect(b.count == 120 && b.allSatisfy { $0 == 0 })
        let c = buffer.take(size: 50)
        #expect(c.count == 50 && c.allSatisfy { $0 == 0 })
    }

    /// Growing the kept buffer by less than `ZeroedBytes.pagedFrom` reuses its storage;
    /// growing it by more gets a new paged buffer instead of writing the zeros.
    @Test func aLargeGrowthTakesANewBuffer() {
        func base(_ b: [UInt8]) -> UInt { b.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        let buffer = ReadBuffer()
        var a = buffer.take(size: 3 << 20)
        let storage = base(a)
        buffer.recycle(a, loaded: [0..<8], fileSize: 3 << 20)
        a = []
        var b = buffer.take(size: (3 << 20) - 4096)
        #expect(base(b) == storage && b.count == (3 << 20) - 4096)
        buffer.recycle(b, loaded: [], fileSize: b.count)
        b = []
        var c = buffer.take(size: 3 << 20)
        #expect(base(c) == storage && c.count == 3 << 20 && c.allSatisfy { $0 == 0 })
        buffer.recycle(c, loaded: [], fileSize: c.count)
        c = []
        var d = buffer.take(size: 1 << 20)
        #expect(base(d) == storage && d.count == 1 << 20)
        buffer.recycle(d, loaded: [], fileSize: d.count)
        d = []
        let e = buffer.take(size: 3 << 20)
        #expect(e.count == 3 << 20 && e.allSatisfy { $0 == 0 })
        // The decision: room for the file, and growth below the paged threshold.
        #expect(ReadBuffer.serves(capacity: 3 << 20, count: 1 << 20, size: 1 << 20))
        #expect(ReadBuffer.serves(capacity: 3 << 20, count: 1 << 20, size: (1 << 20) + ZeroedBytes.pagedFrom - 1))
        #expect(!ReadBuffer.serves(capacity: 3 << 20, count: 1 << 20, size: (1 << 20) + ZeroedBytes.pagedFrom))
        #expect(!ReadBuffer.serves(capacity: 3 << 20, count: 3 << 20, size: (3 << 20) + 1))
    }

    @Test func aLargeFileIsNotKept() {
        let buffer = ReadBuffer()
        buffer.recycle([UInt8](repeating: 1, count: ReadBuffer.keptAtMost + 1), loaded: [0..<8], fileSize: ReadBuffer.keptAtMost + 1)
        #expect(buffer.kept.isEmpty)
        buffer.recycle([UInt8](repeating: 0, count: 4096), loaded: [0..<8], fileSize: 4096)
        #expect(buffer.kept.map(\.bytes.count) == [4096] && buffer.kept.map(\.dirty) == [[0..<8]])
    }

    /// Files of two sizes in turn (a 2.6 MB JPEG, a 1.3 MB HEIC) each find a buffer of their
    /// size once both are kept, and every buffer handed out reads as zeros.
    @Test func alternatingSizesEachKeepABuffer() {
        func base(_ b: [UInt8]) -> UInt { b.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        let buffer = ReadBuffer()
        let large = 3 << 20, small = 1 << 20
        var storage: [Int: UInt] = [:]
        for round in 0..<4 {
            for size in [large, small] {
                var b = buffer.take(size: size)
                #expect(b.count == size && b.allSatisfy { $0 == 0 })
                if round >= 2 { #expect(base(b) == storage[size], "round \(round), \(size) bytes: a kept buffer") }
                storage[size] = base(b)
                for i in 100..<200 { b[i] = 0xCD }
                buffer.recycle(b, loaded: [100..<200], fileSize: size)
            }
        }
        #expect(buffer.kept.count == 2)
        // At most four kept: the oldest go.
        for size in [4096, 8192, 1 << 22, 1 << 23, 1 << 24] {
            buffer.recycle([UInt8](repeating: 0, count: size), loaded: [], fileSize: size)
        }
        #expect(buffer.kept.map(\.bytes.count) == [8192, 1 << 22, 1 << 23, 1 << 24])
    }
}
