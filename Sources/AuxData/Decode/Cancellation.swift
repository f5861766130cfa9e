import Synchronization

/// A request to stop decoding, set from another thread (`check --timeout` sets it when a
/// file's deadline passes). Decoders look at it before each band of rows and stop with
/// `AuxDecodeError.Code.cancelled`, so work past its deadline ends within one band instead of
/// running on beside the next file.
package final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    package init() {}

    package func cancel() { flag.store(true, ordering: .relaxed) }

    package var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// A sink that stops the decode once `cancellation` is set, then passes rows on to `inner`.
struct CancellingSink<Inner: AuxRowSink>: AuxRowSink {
    var inner: Inner
    let cancellation: Cancellation
    let location: SourceLocation

    mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {
        try check()
        try inner.start(layout)
    }

    mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) {
        try check()
        try inner.consume(rows)
    }

    func check() throws(AuxDecodeError) {
        if cancellation.isCancelled { throw AuxDecodeError(.cancelled, "the decode was stopped: its time was up", at: location) }
    }
}
