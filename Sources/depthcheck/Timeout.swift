#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization
import Validator

/// The hang guard behind `check --timeout`: each file's check runs on its own thread, and a
/// file that has not finished by the deadline is reported as unreadable while the batch goes
/// on. The abandoned thread cannot be cancelled; it runs to its end or to the process exit,
/// so a batch with many hung files holds one thread (and its memory) per such file.
///
/// Test hook, honoured only by the CLI: `DEPTHCHECK_TEST_DELAY_MS=<ms>` makes the check of
/// every file whose path contains `DEPTHCHECK_TEST_DELAY_MATCH` (every file when that is
/// unset or empty) sleep that long first, so tests can produce a slow file on demand.
enum Timeout {
    /// The rule message for a file whose check passed the deadline.
    static func message(_ seconds: Double) -> String {
        "check did not finish within \(format(seconds)) s"
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
    }

    /// Runs `work` for `path` with a deadline; nil `seconds` runs it inline.
    static func check(_ path: String, seconds: Double?, _ work: @Sendable @escaping () -> FileReport) -> FileReport {
        let delayed: @Sendable () -> FileReport = {
            testDelay(path)
            return work()
        }
        guard let seconds else { return delayed() }
        let slot = Slot()
        let done = DispatchSemaphore(value: 0)
        guard spawn(stackSize: 16 << 20, {
            slot.set(delayed())
            done.signal()
        }) else {
            return delayed()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            return Validation.unreadable(path: path, message: message(seconds))
        }
        return slot.get() ?? Validation.unreadable(path: path, message: message(seconds))
    }

    /// Starts a detached POSIX thread with its own stack size; false if it could not start.
    private static func spawn(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attr = pthread_attr_t()
        pthread_attr_init(&attr)
        defer { pthread_attr_destroy(&attr) }
        pthread_attr_setstacksize(&attr, stackSize)
        pthread_attr_setdetachstate(&attr, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, &attr, { raw in
            guard let raw else { return nil }
            Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, context)
        if started != 0 { Unmanaged<Box>.fromOpaque(context).release() }
        return started == 0
    }

    private static func testDelay(_ path: String) {
        guard let raw = getenv("DEPTHCHECK_TEST_DELAY_MS"), let ms = Int(String(cString: raw)), ms > 0 else { return }
        if let m = getenv("DEPTHCHECK_TEST_DELAY_MATCH") {
            let match = String(cString: m)
            if !match.isEmpty, !path.contains(match) { return }
        }
        usleep(UInt32(min(ms, 3_600_000)) * 1000)
    }

    private final class Slot: Sendable {
        private let value = Mutex<FileReport?>(nil)
        func set(_ r: FileReport) { value.withLock { $0 = r } }
        func get() -> FileReport? { value.withLock { $0 } }
    }
}
