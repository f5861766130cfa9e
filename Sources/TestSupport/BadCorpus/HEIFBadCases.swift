import Container

extension BadCorpus {
    /// Known-bad HEIF files, one or more per HEIF-side rule.
    public static let heifCases: [BadCase] = []
}
