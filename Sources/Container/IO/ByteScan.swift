/// Searches for one byte value eight bytes at a time (the "has zero byte" test on 64-bit
/// words), for scans that cross hundreds of kilobytes: a GDepth start tag whose attribute
/// holds a base64 map, the entropy-coded data between JPEG markers.
public enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Nonzero exactly when some byte of `word` equals the byte `pattern` repeats; the lowest
    /// set high bit marks the first such byte (bytes above it may be false positives).
    @inline(__always)
    private static func matches(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let v = word ^ pattern
        return (v &- ones) & ~v & highs
    }

    /// The first index in `range` of `buffer` holding `byte`, or nil.
    public static func firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard let base = buffer.baseAddress, range.lowerBound >= 0, range.upperBound <= buffer.count else { return nil }
        let pattern = ones &* UInt64(byte)
        var i = range.lowerBound
        while range.upperBound - i >= 8 {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let m = matches(word, pattern)
            if m != 0 { return i + m.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < range.upperBound {
            if buffer[i] == byte { return i }
            i += 1
        }
        return nil
    }

    /// The last index in `range` of `buffer` holding `byte`, or nil.
    public static func lastIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
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
}
