import AuxData
import Container

/// Runs the catalog over one file's bytes and grades the result.
public enum Validation {
    /// Every rule, in the order reports list them.
    public static var catalog: [any Rule] { AllRules.list }

    /// The rule a file gets when it cannot be read at all.
    public static let unreadableRule = RuleInfo(
        "structure.file.unreadable", .error, Citation(.jpeg, "Annex B.2.1 (a JPEG starts with SOI); ISO/IEC 14496-12 §4.3 ftyp (a HEIF starts with its file type box)"),
        summary: "The file can be opened and its container headers can be read.",
        fix: "Re-export the photo; the file is truncated, not an image, or its first headers are corrupt.")

    public static func check(bytes: [UInt8], path: String, options: CheckOptions) -> FileReport {
        let photo: DepthPhoto
        do {
            photo = try PhotoReader.read(bytes, limits: options.limits)
        } catch {
            let finding = unreadableRule.finding(error.offset, error.path, error.description)
            return FileReport(path: path, container: containerName(bytes), verdict: .unreadable, info: [],
                              outcomes: [], readError: finding)
        }
        var outcomes: [(rule: RuleInfo, outcome: RuleOutcome)] = []
        var worst: Severity?
        for rule in catalog {
            var outcome = rule.evaluate(photo, options)
            if options.strictness == .strict, case .failed(let findings) = outcome {
                outcome = .failed(findings.map { f in
                    f.severity == .warning
                        ? Finding(rule: f.rule, severity: .error, offset: f.offset, path: f.path, message: f.message) : f
                })
            }
            for f in outcome.findings where worst.map({ f.severity > $0 }) ?? true { worst = f.severity }
            outcomes.append((rule.info, outcome))
        }
        let fails = worst.map { $0 >= options.failOn } ?? false
        return FileReport(path: path, container: photo.container.rawValue, verdict: fails ? .fail : .pass,
                          info: PhotoJSON.fields(photo), outcomes: outcomes, readError: nil)
    }

    /// A report for a file that could not be opened or read.
    public static func unreadable(path: String, message: String) -> FileReport {
        FileReport(path: path, container: nil, verdict: .unreadable, info: [], outcomes: [],
                   readError: unreadableRule.finding(nil, "", message))
    }

    static func containerName(_ bytes: [UInt8]) -> String? {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 { return "jpeg" }
        if bytes.count >= 8, bytes[4...7].elementsEqual("ftyp".utf8) { return "heif" }
        return nil
    }
}
