import Testing
@testable import AuxData

/// `PartialRead.ensure` reads only the bytes of a range not loaded yet, and `loaded` stays a
/// sorted list of ranges that neither overlap nor touch.
@Suite struct PartialReadRangeTests {
    final class MemoryFile: RandomAccessFile, @unchecked Sendable {
        let data: [UInt8]
        var reads: [Range<Int>] = []
        init(_ count: Int) { data = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) } }
        var size: Int { data.count }
        func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
            reads.append(range)
            data.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[range])) }
            return range.count
        }
    }

    @Test func gapsAreReadOnceAndRangesMerge() throws {
        let file = MemoryFile(1000)
        var p = PartialRead(file)
        try p.ensure(100..<200)
        try p.ensure(300..<400)
        try p.ensure(500..<600)
        #expect(p.loaded == [100..<200, 300..<400, 500..<600])
        // Spanning two loaded ranges and the gaps around them: only the gaps are read.
        file.reads = []
        try p.ensure(50..<450)
        #expect(file.reads == [50..<100, 200..<300, 400..<450])
        #expect(p.loaded == [50..<450, 500..<600])
        // Touching a range merges with it; inside one reads nothing.
        file.reads = []
        try p.ensure(450..<500)
        try p.ensure(120..<130)
        #expect(file.reads == [450..<500])
        #expect(p.loaded == [50..<600])
        // Past the end of the file: clamped; before the first range: a new first range.
        try p.ensure(900..<2000)
        try p.ensure(0..<10)
        #expect(p.loaded == [0..<10, 50..<600, 900..<1000])
        #expect(p.bytesRead == 10 + 550 + 100)
        for r in p.loaded { #expect(Array(p.bytes[r]) == Array(file.data[r])) }
    }
}
