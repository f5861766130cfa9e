/// Where a report goes as it is written: standard output as the text comes, or an `--output`
/// file that appears whole only once the report is complete.
enum ReportSink {
    case standardOutput
    case file(OutputFile.Stream)

    mutating func append(_ text: String) throws(CommandFailure) {
        guard !text.isEmpty else { return }
        try append(Array(text.utf8))
    }

    /// A report's UTF-8, as `BatchWriter.prerendered` makes it.
    mutating func append(_ bytes: [UInt8]) throws(CommandFailure) {
        guard !bytes.isEmpty else { return }
        switch self {
        case .standardOutput: try StandardOutput.write(bytes)
        case .file(let s): try s.append(bytes)
        }
    }

    mutating func commit() throws(CommandFailure) {
        guard case .file(var s) = self else { return }
        try s.commit()
        self = .file(s)
    }

    /// After a failure: an `--output` file is not created or replaced.
    mutating func abandon() {
        guard case .file(var s) = self else { return }
        s.abandon()
        self = .file(s)
    }
}
