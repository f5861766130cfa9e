import Container

extension BadCorpus {
    /// Known-bad JPEG files, one or more per JPEG-side rule.
    public static let jpegCases: [BadCase] = []
}
