import AuxData

/// A request, set from another thread, that one file's check stop decoding: a check past its
/// deadline ends within one band of rows instead of running on beside the next file.
package final class CheckCancellation: Sendable {
    package let decoding = Cancellation()

    /// Not yet set.
    package init() {}

    /// Asks the check to stop decoding.
    package func cancel() { decoding.cancel() }

    /// Whether `cancel()` was called.
    package var isCancelled: Bool { decoding.isCancelled }
}
