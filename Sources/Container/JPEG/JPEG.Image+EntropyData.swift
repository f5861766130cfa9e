extension JPEG.Image {
    /// Finds the end of entropy-coded data: the offset of the `FF` of the first marker that is
    /// neither a stuffed zero (`FF 00`, T.81 F.1.2.3) nor a restart marker (`FF D0`-`FF D7`,
    /// T.81 B.2.1), and the number of restart markers passed. Fill bytes (`FF FF`) are skipped
    /// (T.81 B.1.1.2). Returns nil when the data runs to the end of `bytes`.
    ///
    /// This is the only loop that touches every byte of coded data, so it tests eight bytes at a
    /// time for an `FF` and looks at single bytes only around one.
    static func findMarker(in bytes: [UInt8], from start: Int) -> (Int?, Int) {
        bytes.withUnsafeBufferPointer { buffer -> (Int?, Int) in
            let count = buffer.count
            guard start >= 0, start < count, let base = buffer.baseAddress else { return (nil, 0) }
            let raw = UnsafeRawPointer(base)
            var restarts = 0
            var i = start
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while i < count {
                // Word step: skip 8 bytes at once when none of them is FF (the bytes of ~w
                // include a zero exactly when w includes an FF).
                // safe: i + 8 <= count, so the 8-byte load is inside the buffer.
                while count - i >= 8 {
                    let w = ~raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if (w &- ones) & ~w & highs != 0 { break }
                    i += 8
                }
                // safe: i < count on every access below.
                while i < count, buffer[i] != 0xFF { i += 1 }
                guard i < count else { return (nil, restarts) }
                // buffer[i] == FF; look at the next byte.
                guard i + 1 < count else { return (nil, restarts) }
                let next = buffer[i + 1]
                if next == 0x00 {
                    i += 2
                } else if next == 0xFF {
                    i += 1
                } else if next & 0xF8 == 0xD0 {
                    restarts += 1
                    i += 2
                } else {
                    return (i, restarts)
                }
            }
            return (nil, restarts)
        }
    }
}
