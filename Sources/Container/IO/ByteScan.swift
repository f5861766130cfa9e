#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Searches for one byte value in scans that cross hundreds of kilobytes: a GDepth start tag
/// whose attribute holds a base64 map, the entropy-coded data between JPEG markers. Forwards
/// with the C library's `memchr`; backwards eight bytes at a time (the "has zero byte" test
/// on 64-bit words), which `memrchr` would do too but is a GNU extension.
package enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Nonzero exactly when some byte of `word` equals the byte `pattern` repeats; the lowest
    /// set high bit marks the first such byte (bytes above it may be false positives).
    @inline(__always)
    private static func matches(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let v = word ^ pattern
        return (v &- ones) & ~v & highs
    }

    /// The first index in `range` of `buffer` holding `byte`, or nil. The C library's `memchr`
    /// tests 16 or 32 bytes per step with vector instructions: entropy-coded data has an `FF`
    /// every hundred bytes or so, which this finds at a third of the cost of the word test.
    package static func firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard let base = buffer.baseAddress, range.lowerBound >= 0, range.upperBound <= buffer.count,
              !range.isEmpty else { return nil }
        guard let hit = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return UnsafeRawPointer(hit) - base
    }

    /// The last index in `range` of `buffer` holding `byte`, or nil.
    package static func lastIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard let base = buffer.baseAddress, range.lowerBound >= 0, range.upperBound <= buffer.count else { return nil }
        let pattern = ones &* UInt64(byte)
        var end = range.upperBound
        while end - range.lowerBound >= 8 {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
            // Any match in the word means a byte-by-byte look at it, from its top.
            if matches(word, pattern) != 0 {
                var j = end
                while j > end - 8 {
                    j -= 1
                    if buffer[j] == byte { return j }
                }
            }
            end -= 8
        }
        while end > range.lowerBound {
            end -= 1
            if buffer[end] == byte { return end }
        }
        return nil
    }

    /// Whether every byte in `range` of `buffer` is `byte` (true for an empty range, false for
    /// one outside the buffer): the zero padding after a JPEG's last image runs to a megabyte,
    /// compared here 32 bytes a step.
    package static func all(_ byte: UInt8, in buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= buffer.count else { return false }
        guard let base = buffer.baseAddress, !range.isEmpty else { return true }
        let pattern = ones &* UInt64(byte)
        var at = range.lowerBound
        while range.upperBound - at >= 32 {
            // Four words or'ed together before one test: a branch per 32 bytes.
            let a = base.loadUnaligned(fromByteOffset: at, as: UInt64.self) ^ pattern
            let b = base.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self) ^ pattern
            let c = base.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self) ^ pattern
            let d = base.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self) ^ pattern
            if a | b | c | d != 0 { return false }
            at += 32
        }
        while at < range.upperBound {
            if buffer[at] != byte { return false }
            at += 1
        }
        return true
    }
}
