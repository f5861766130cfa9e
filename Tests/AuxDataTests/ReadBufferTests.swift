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

    @Test func aLargeFileIsNotKept() {
        let buffer = ReadBuffer()
        buffer.recycle([UInt8](repeating: 1, count: ReadBuffer.keptAtMost + 1), loaded: [0..<8], fileSize: ReadBuffer.keptAtMost + 1)
        #expect(buffer.bytes.isEmpty && buffer.dirty.isEmpty)
        buffer.recycle([UInt8](repeating: 0, count: 4096), loaded: [0..<8], fileSize: 4096)
        #expect(buffer.bytes.count == 4096 && buffer.dirty == [0..<8])
    }
}
