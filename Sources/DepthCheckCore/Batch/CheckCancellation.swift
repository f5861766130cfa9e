import AuxData

/// A request, set from another thread, that one file's check stop decoding: a check past its
/// deadline ends within one band of rows instead of running on beside the next file.
public final class CheckCancellation: Sendable {
    package let decoding = Cancellation()

    /// Not yet set.
    public init() {}

    /// Asks the check to stop decoding.
    public func cancel() { decoding.cancel() }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { decoding.isCancelled }
}
