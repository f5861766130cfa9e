import Validator

/// A run over one or more files.
package struct BatchReport: Sendable {
    package let toolVersion: String
    package let files: [FileReport]
    package let catalog: [RuleInfo]
    package init(toolVersion: String, files: [FileReport], catalog: [RuleInfo]) {
        self.toolVersion = toolVersion
        self.files = files
        self.catalog = catalog
    }

    package var passed: Int { BatchTally(files).passed }
    package var failed: Int { BatchTally(files).failed }
    package var unreadable: Int { BatchTally(files).unreadable }
}
