/// Where an exported map's bytes go, as they are made: appended in order, or (for PFM,
/// whose bottom row comes first) placed at their offset when ``canWriteAtOffsets``.
public protocol MapOutput: AnyObject {
    /// Whether ``write(_:at:)`` may place bytes anywhere (a file or memory), or bytes can only
    /// be appended (a pipe, a device): then ``MapExporter`` appends everything in order.
    var canWriteAtOffsets: Bool { get }
    /// Appends `bytes` after the last byte written; false when the output failed.
    func append(_ bytes: [UInt8]) -> Bool
    /// Writes `bytes` at `offset`; false when the output failed.
    func write(_ bytes: [UInt8], at offset: Int) -> Bool
}

/// An exported map held in memory.
public final class MapMemoryOutput: MapOutput {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty output.
    public init() {}

    /// Always true: memory can be written anywhere.
    public var canWriteAtOffsets: Bool { true }

    /// Appends `bytes`; never fails.
    public func append(_ bytes: [UInt8]) -> Bool { write(bytes, at: self.bytes.count) }

    /// Writes `bytes` at `offset`, growing the buffer with zeros when it lies beyond the end.
    public func write(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0 else { return false }
        let end = offset + bytes.count
        if self.bytes.count < end { self.bytes += [UInt8](repeating: 0, count: end - self.bytes.count) }
        self.bytes.replaceSubrange(offset..<end, with: bytes)
        return true
    }
}
