/// Finding byte patterns in test files.
package enum ByteSearch {
    /// Every position where `pattern` starts in `bytes`.
    package static func offsets(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !pattern.isEmpty, pattern.count <= bytes.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { i in bytes[i..<(i + pattern.count)].elementsEqual(pattern) }
    }
}
