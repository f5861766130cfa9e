import Dispatch
import Synchronization
import DepthCheckCore

/// The hang guard behind `check --timeout`: each file's check runs on its own thread, and a
/// file that has not finished by the deadline is reported as unreadable while the batch goes
/// on. Its decode is told to stop (`CheckCancellation`, looked at between bands of rows), and until
/// its thread has ended it keeps its place among the `--jobs` running checks (`Running`): a
/// batch of slow files never runs more checks at once than it was asked to, nor holds more
/// memory, and the process waits for every such thread before it exits, so it never exits
/// under a running decode.
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

    /// The checks running at once, timed-out ones included: at most `jobs`.
    final class Running: Sendable {
        private let slots: DispatchSemaphore
        private let jobs: Int

        init(jobs: Int) {
            self.jobs = max(1, jobs)
            slots = DispatchSemaphore(value: self.jobs)
        }

        func acquire() { slots.wait() }
        func release() { slots.signal() }

        /// Returns once every check thread has ended.
        func waitForAll() {
            for _ in 0..<jobs { slots.wait() }
            for _ in 0..<jobs { slots.signal() }
        }
    }

    /// Runs `work` for `path` with a deadline; nil `seconds` runs it inline. `work` is given
    /// the cancellation its decodes watch.
    static func check(_ path: String, seconds: Double?, running: Running,
                      _ work: @Sendable @escaping (CheckCancellation?) -> ValidationReport) -> ValidationReport {
        guard let seconds else {
            testDelay(path, nil)
            return work(nil)
        }
        let cancellation = CheckCancellation()
        let slot = Slot()
        let done = DispatchSemaphore(value: 0)
        running.acquire()
        guard Platform.spawnThread(stackSize: 16 << 20, {
            testDelay(path, cancellation)
            slot.set(work(cancellation))
            done.signal()
            running.release()
        }) else {
            running.release()
            return work(nil)
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            cancellation.cancel()
            return CheckRequest.unreadable(path: path, message: message(seconds))
        }
        return slot.get() ?? CheckRequest.unreadable(path: path, message: message(seconds))
    }

    /// Sleeps in steps of 10 ms, and stops early once `cancellation` is set, as a decode does.
    private static func testDelay(_ path: String, _ cancellation: CheckCancellation?) {
        guard let raw = Platform.environment("DEPTHCHECK_TEST_DELAY_MS"), let ms = Int(raw), ms > 0 else { return }
        if let match = Platform.environment("DEPTHCHECK_TEST_DELAY_MATCH"), !match.isEmpty, !path.contains(match) { return }
        var left = ms
        while left > 0, !(cancellation?.isCancelled ?? false) {
            Platform.sleep(milliseconds: min(left, 10))
            left -= 10
        }
    }

    private final class Slot: Sendable {
        private let value = Mutex<ValidationReport?>(nil)
        func set(_ r: ValidationReport) { value.withLock { $0 = r } }
        func get() -> ValidationReport? { value.withLock { $0 } }
    }
}
