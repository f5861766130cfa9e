import Dispatch
import Synchronization
import DepthCheckCore

/// Checks files on `jobs` worker threads and hands each report to `emit` in input order, as
/// soon as it and every file before it are done. At most `window` files are being checked or
/// waiting for an earlier one at any time, so memory does not grow with the batch: a report
/// is dropped once emitted. Workers never wait on each other except for that window and the
/// writing of each report: `render` (the report's text, when it depends on the file alone)
/// runs on the worker, so only the write is serial; a report so rendered is kept without its
/// photo model, which the worker frees.
enum BatchRunner {
    /// `emit` runs for one report at a time, in input order, with what `render` made of it
    /// (given the report and its input position), and the report without its photo when
    /// `render` made something (`ValidationReport.withoutPhoto`); returning false stops the batch
    /// (files not yet started are not checked).
    static func run(_ files: [String], jobs: Int, progress: Bool,
                    _ work: @Sendable @escaping (String) -> ValidationReport,
                    render: @Sendable @escaping (ValidationReport, Int) -> [UInt8]? = { _, _ in nil },
                    emit: @escaping (ValidationReport, [UInt8]?) -> Bool) {
        let workers = max(1, min(jobs, files.count))
        let window = max(4 * workers, 8)
        let state = Ordered(count: files.count, window: window)
        let slots = DispatchSemaphore(value: window)
        let emitter = Emitter(emit)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                slots.wait()
                guard let i = state.next() else {
                    slots.signal()
                    return
                }
                let report = work(files[i])
                let rendered = render(report, i)
                // A report whose record is made needs no photo to be written (`withoutPhoto`):
                // its model is freed here, on the thread that made it.
                state.store((rendered == nil ? report : report.withoutPhoto, rendered), at: i)
                // The progress line is cleared before a report is written (stdout and stderr
                // are often the same terminal), then drawn again for the file just reported.
                emitter.drain(state, before: {
                    if progress { Terminal.writeStderrRaw(Self.clearLine) }
                }) { done in
                    slots.signal()
                    if progress { Terminal.writeStderrRaw("\(Self.clearLine)[\(done)/\(files.count)] \(PathText.display(files[done - 1]))") }
                }
            }
        }
        if progress { Terminal.writeStderrRaw(Self.clearLine) }
    }

    /// Back to the start of the line, and erase it (ECMA-48 CR, EL 2).
    static let clearLine = "\r\u{1B}[2K"

    /// Which file is next to check, and the reports done but not yet emitted.
    private final class Ordered: Sendable {
        private struct State {
            /// The reports done and not yet emitted, file `i` at `i % window`: a file is taken
            /// only with one of `window` slots, handed back once it is emitted, so the files
            /// taken and not emitted are fewer than `window` consecutive ones. (A ring, not a
            /// dictionary: `ListSet` says why.)
            var waiting: [(ValidationReport, [UInt8]?)?]
            var cursor = 0
            var emitted = 0
            var stopped = false
            let count: Int
        }
        private let state: Mutex<State>

        init(count: Int, window: Int) {
            state = Mutex(State(waiting: Array(repeating: nil, count: max(1, window)), count: count))
        }

        func next() -> Int? {
            state.withLock { s in
                guard !s.stopped, s.cursor < s.count else { return nil }
                s.cursor += 1
                return s.cursor - 1
            }
        }

        func store(_ r: (ValidationReport, [UInt8]?), at i: Int) {
            state.withLock { $0.waiting[i % $0.waiting.count] = r }
        }

        /// The next report in input order, when it is done; its position counts as emitted.
        func popNext() -> (report: (ValidationReport, [UInt8]?), number: Int)? {
            state.withLock { s in
                let k = s.emitted % s.waiting.count
                guard let r = s.waiting[k] else { return nil }
                s.waiting[k] = nil
                s.emitted += 1
                return (r, s.emitted)
            }
        }

        func stop() { state.withLock { $0.stopped = true } }
    }

    /// Emits reports one at a time: whichever worker finishes the next file in order emits it
    /// and every done file after it.
    private final class Emitter: @unchecked Sendable {
        // `emit` is only ever called under `lock`, one report at a time.
        private let emit: (ValidationReport, [UInt8]?) -> Bool
        private let lock = Mutex(())

        init(_ emit: @escaping (ValidationReport, [UInt8]?) -> Bool) { self.emit = emit }

        func drain(_ state: Ordered, before: () -> Void, _ emitted: (Int) -> Void) {
            // The reports written go when the lock is released, not under it: freeing a
            // report's photo model is a tenth of a file's work, and under the lock the other
            // worker waited for it.
            var written: [(ValidationReport, [UInt8]?)] = []
            lock.withLock { _ in
                while let (report, number) = state.popNext() {
                    before()
                    if !emit(report.0, report.1) { state.stop() }
                    emitted(number)
                    written.append(report)
                }
            }
            withExtendedLifetime(written) {}
        }
    }
}
