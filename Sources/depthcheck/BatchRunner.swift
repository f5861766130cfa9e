import Foundation
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

    private final class ResultBox: @unchecked Sendable {
        // safe: every access to these goes through `lock`.
        private let lock = NSLock()
        private var slots: [FileReport?]
        private var cursor = 0
        private var finished = 0

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func next() -> Int? {
            lock.lock(); defer { lock.unlock() }
            guard cursor < slots.count else { return nil }
            cursor += 1
            return cursor - 1
        }

        func store(_ r: FileReport, at i: Int) -> Int {
            lock.lock(); defer { lock.unlock() }
            slots[i] = r
            finished += 1
            return finished
        }

        func results() -> [FileReport] {
            lock.lock(); defer { lock.unlock() }
            return slots.compactMap { $0 }
        }
    }
}
