import Dispatch
import Synchronization
import Validator

/// Checks files on `jobs` worker threads; results come back in input order whatever order
/// the workers finish in.
enum BatchRunner {
    static func run(_ files: [String], jobs: Int, progress: Bool,
                    _ work: @Sendable @escaping (String) -> FileReport) -> [FileReport] {
        let box = ResultBox(count: files.count)
        let workers = max(1, min(jobs, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = box.next() {
                let report = work(files[i])
                let done = box.store(report, at: i)
                if progress {
                    Terminal.writeStderr("\r\u{1B}[2K[\(done)/\(files.count)] \(files[i])")
                }
            }
        }
        if progress { Terminal.writeStderr("\r\u{1B}[2K") }
        return box.results()
    }

    private final class ResultBox: Sendable {
        private struct State {
            var slots: [FileReport?]
            var cursor = 0
            var finished = 0
        }
        private let state: Mutex<State>

        init(count: Int) { state = Mutex(State(slots: Array(repeating: nil, count: count))) }

        func next() -> Int? {
            state.withLock { s in
                guard s.cursor < s.slots.count else { return nil }
                s.cursor += 1
                return s.cursor - 1
            }
        }

        func store(_ r: FileReport, at i: Int) -> Int {
            state.withLock { s in
                s.slots[i] = r
                s.finished += 1
                return s.finished
            }
        }

        func results() -> [FileReport] {
            state.withLock { $0.slots.compactMap { $0 } }
        }
    }
}
