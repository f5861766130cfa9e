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
        guard Platform.spawnThread(stackSize: 16 << 20, {
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

    private static func testDelay(_ path: String) {
        guard let raw = Platform.environment("DEPTHCHECK_TEST_DELAY_MS"), let ms = Int(raw), ms > 0 else { return }
        if let match = Platform.environment("DEPTHCHECK_TEST_DELAY_MATCH"), !match.isEmpty, !path.contains(match) { return }
        Platform.sleep(milliseconds: ms)
    }

    private final class Slot: Sendable {
        private let value = Mutex<FileReport?>(nil)
        func set(_ r: FileReport) { value.withLock { $0 = r } }
        func get() -> FileReport? { value.withLock { $0 } }
    }
}
