import Validator

/// The counts a batch summary prints, kept as files go by so nothing else of them is held.
package struct BatchTally: Sendable, Equatable {
    /// Files added.
    package private(set) var files = 0
    /// Files that passed.
    package private(set) var passed = 0
    /// Files that failed.
    package private(set) var failed = 0
    /// Files that could not be read.
    package private(set) var unreadable = 0
    /// Error findings, in every file.
    package private(set) var errors = 0
    /// Warning findings.
    package private(set) var warnings = 0
    /// Note findings.
    package private(set) var notes = 0
    /// Aux images whose values no pixel rule looked at: files checked without decoding.
    package private(set) var auxImagesNotDecoded = 0

    /// No file yet.
    package init() {}

    package init(_ reports: [FileReport]) {
        for r in reports { add(r) }
    }

    package mutating func add(_ r: FileReport) {
        files += 1
        switch r.verdict {
        case .pass: passed += 1
        case .fail: failed += 1
        case .unreadable: unreadable += 1
        }
        auxImagesNotDecoded += r.auxImagesNotDecoded
        for f in r.findings {
            switch f.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
    }
}
