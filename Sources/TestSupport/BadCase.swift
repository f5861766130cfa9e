import Validator
/// One known-bad file of `Corpus/bad/<rule>/`: which rule it is made to trigger, its file name,
/// and the builder that makes its bytes. The generation test writes these files (with
/// `DEPTHCHECK_UPDATE_CORPUS=1`) and otherwise checks the committed files equal the builders'
/// output, so a corpus file can never drift from the code that explains it.
package struct BadCase: Sendable {
    package let rule: RuleID
    package let name: String
    package let make: @Sendable () -> [UInt8]

    package init(rule: RuleID, name: String, make: @escaping @Sendable () -> [UInt8]) {
        self.rule = rule
        self.name = name
        self.make = make
    }

    package var path: String { TestData.corpus + "/bad/" + rule.rawValue + "/" + name }
}

/// Every known-bad corpus file, JPEG-side and HEIF-side.
package enum BadCorpus {
    package static var all: [BadCase] { jpegCases + heifCases + pixelCases + contentCases }
}
