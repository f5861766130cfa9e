extension JPEG.Image {
    /// Finds the end of entropy-coded data: the offset of the `FF` of the first marker that is
    /// neither a stuffed zero (`FF 00`, T.81 F.1.2.3) nor a restart marker (`FF D0`-`FF D7`,
    /// T.81 B.2.1), and the number of restart markers passed. Fill bytes (`FF FF`) are skipped
    /// (T.81 B.1.1.2). Returns nil when the data runs to the end of `bytes`.
    ///
    /// This is the only loop that touches every byte of coded data, so `ByteScan` tests eight
    /// bytes at a time for an `FF` and single bytes are looked at only around one.
    static func findMarker(in bytes: [UInt8], from start: Int) -> (Int?, Int) {
        bytes.withUnsafeBytes { buffer -> (Int?, Int) in
            let count = buffer.count
            guard start >= 0, start < count else { return (nil, 0) }
            var restarts = 0
            var i = start
            while i < count {
                guard let ff = ByteScan.firstIndex(of: 0xFF, in: buffer, i..<count) else { return (nil, restarts) }
                i = ff
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
