import Foundation
import FoundationXML
import Testing
import TestSupport

/// The CLI's output, byte for byte, against `Corpus/golden/`. Regenerate deliberately with
/// `DEPTHCHECK_UPDATE_GOLDEN=1 swift test --filter GoldenOutput` and review the diff.
@Suite struct GoldenOutputTests {
    static let inputs = ["Corpus/good/jpeg-disparity.jpg", "Corpus/good/heif-disparity.heic",
                         "Corpus/bad/structure.mpf.entry-offset-out-of-bounds", "Corpus/bad/structure.heif.iref-missing-item"]

    struct Case: CustomTestStringConvertible, Sendable {
        let golden: String
        let arguments: [String]
        var testDescription: String { golden }
    }

    static let cases: [Case] = [
        Case(golden: "check.txt", arguments: ["check", "-r"] + inputs),
        Case(golden: "check.json", arguments: ["check", "-r", "--format", "json"] + inputs),
        Case(golden: "check.sarif", arguments: ["check", "-r", "--format", "sarif"] + inputs),
        Case(golden: "check.junit.xml", arguments: ["check", "-r", "--format", "junit"] + inputs),
        Case(golden: "info-jpeg.txt", arguments: ["info", "Corpus/good/jpeg-disparity.jpg"]),
        Case(golden: "info-jpeg.json", arguments: ["info", "--json", "Corpus/good/jpeg-disparity.jpg"]),
        Case(golden: "info-heif.txt", arguments: ["info", "Corpus/good/heif-disparity.heic"]),
        Case(golden: "info-heif.json", arguments: ["info", "--json", "Corpus/good/heif-disparity.heic"]),
        Case(golden: "rules.txt", arguments: ["rules"]),
    ]

    @Test(arguments: cases)
    func outputMatchesGolden(_ c: Case) throws {
        let r = try Tools.depthcheck(c.arguments)
        #expect(r.status <= 1, "\(r.stderr)")
        let path = TestData.corpus + "/golden/" + c.golden
        if ProcessInfo.processInfo.environment["DEPTHCHECK_UPDATE_GOLDEN"] == "1" {
            try Data(r.stdout).write(to: URL(fileURLWithPath: path))
        }
        let golden = try #require(FileBytes.text(path), "missing golden \(c.golden)")
        #expect(r.text == golden, "\(c.golden) differs from the CLI's output")
    }

    @Test(.requires(.sarifSchema, .jsonSchema))
    func cliSARIFValidatesAgainstTheSchema() throws {
        let schema = TestData.sarifSchema
        let py = try #require(Tools.which("python3"))
        let r = try Tools.depthcheck(["check", "-r", "--format", "sarif"] + Self.inputs)
        let script = "import json,sys,jsonschema; jsonschema.validate(json.load(sys.stdin), json.load(open(sys.argv[1]))); print('valid')"
        let v = try Tools.run(py, ["-c", script, schema], input: r.stdout)
        #expect(v.status == 0 && v.text == "valid\n", "\(v.stderr)")
    }

    @Test func cliJUnitParsesWithTheExpectedCounts() throws {
        let r = try Tools.depthcheck(["check", "--format", "junit", "Corpus/good/jpeg-disparity.jpg", "missing.jpg"])
        #expect(r.status == 3)
        let doc = try XMLDocument(data: Data(r.stdout))
        let root = try #require(doc.rootElement())
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 2)
        // One test case per rule that applied (27 to this JPEG), none skipped; with
        // --junit-skipped every rule of the catalog, the others skipped.
        #expect(suites[0].attribute(forName: "tests")?.stringValue == "27")
        #expect(suites[0].attribute(forName: "skipped")?.stringValue == "0")
        #expect(suites[0].attribute(forName: "failures")?.stringValue == "0")
        let rules = try Tools.depthcheck(["rules", "--format", "json"])
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(rules.stdout)) as? [Any])
        let all = try Tools.depthcheck(["check", "--format", "junit", "--junit-skipped", "Corpus/good/jpeg-disparity.jpg"])
        let allSuite = try #require(try XMLDocument(data: Data(all.stdout)).rootElement()?.elements(forName: "testsuite").first)
        #expect(allSuite.attribute(forName: "tests")?.stringValue == String(catalog.count))
        #expect(allSuite.attribute(forName: "skipped")?.stringValue == String(catalog.count - 27))
        #expect(suites[1].attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
    }
}
