import Foundation
import FoundationXML
import Testing
import TestSupport
import AuxData
@testable import Validator
import DepthCheckCore

/// Renderers tested on a fixed two-file report: exact JSON, a SARIF document that the OASIS
/// schema accepts, and JUnit XML that parses with the expected counts.
@Suite struct ReportRenderingTests {
    static let ruleA = RuleInfo(.structureMPFEntryOffsetOutOfBounds, .error, Citation(.mpf, "§5.2.3.3.3"),
                                summary: "Every MP entry points at an SOI inside the file.", fix: "Rewrite the MPF index.")
    static let ruleB = RuleInfo(.matteRequiresDepth, .error, Citation(.appleCapture, "isPortraitEffectsMatteDeliveryEnabled"),
                                summary: "A matte travels with depth.", fix: "Embed depth.")
    static let ruleC = RuleInfo(.geometryPrimaryCropped, .note, Citation(.heif, "§6.5.9"),
                                summary: "Cropped primary.", fix: "Nothing.")

    static var batch: BatchReport {
        // A 64×48 photo with orientation 1, read from the good corpus.
        let bytes = FileBytes.read(TestData.corpus + "/good/jpeg-disparity.jpg") ?? []
        let bad = FileReport(
            path: "dir/bad file.jpg", container: .jpeg, verdict: .fail, photo: try? PhotoReader.read(bytes),
            outcomes: [(ruleA, .failed([ruleA.finding(15785, "APP2#1/MPF/MPEntry[2]", "offset 99 + base 30 lands on 00 00, not an SOI <&>")])),
                       (ruleB, .notApplicable), (ruleC, .passed)],
            readError: nil)
        let good = FileReport(path: "good.heic", container: .heif, verdict: .pass, photo: nil,
                              outcomes: [(ruleA, .notApplicable), (ruleB, .passed), (ruleC, .failed([ruleC.finding(40, "meta/iprp/ipco[3]:clap", "cropped")]))],
                              readError: nil)
        let missing = Validation.unreadable(path: "missing.jpg", message: "no such file or directory")
        return BatchReport(toolVersion: "0.1.0", files: [bad, good, missing], catalog: [ruleA, ruleB, ruleC])
    }

    @Test func jsonReportHasTheContractFields() throws {
        let json = JSONReport.batch(Self.batch)
        guard case .array(let files)? = json["files"] else { Issue.record("no files array"); return }
        #expect(files.count == 3)
        #expect(files[0]["verdict"] == .string("fail"))
        #expect(files[0]["container"] == .string("jpeg"))
        #expect(files[0]["primary"]?["width"] == .int(64))
        guard case .array(let findings)? = files[0]["findings"] else { Issue.record("no findings"); return }
        #expect(findings.first?["rule"] == .string("structure.mpf.entry-offset-out-of-bounds"))
        #expect(findings.first?["offset"] == .int(15785))
        #expect(findings.first?["path"] == .string("APP2#1/MPF/MPEntry[2]"))
        #expect(findings.first?["citation"] == .string("CIPA DC-007-2021 (Multi-Picture Format) §5.2.3.3.3"))
        #expect(files[0]["rules"]?["notApplicable"] == .array([.string("matte.requires-depth")]))
        #expect(files[2]["verdict"] == .string("unreadable"))
        #expect(json["summary"]?["failed"] == .int(1))
        #expect(json["summary"]?["unreadable"] == .int(1))
        #expect(json["summary"]?["notes"] == .int(1))
        // The text must parse as JSON.
        let parsed = try JSONSerialization.jsonObject(with: Data(json.rendered().utf8))
        #expect(parsed is [String: Any])
    }

    @Test func sarifHasTheResultsAndLocations() throws {
        let sarif = SARIFReport.render(Self.batch)
        let text = sarif.rendered()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let runs = try #require(object["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(results[0]["ruleId"] as? String == "structure.mpf.entry-offset-out-of-bounds")
        #expect(results[0]["ruleIndex"] as? Int == 0)
        #expect(results[1]["level"] as? String == "note")
        let region = ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["byteOffset"] as? Int == 15785)
        let uri = (((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        #expect(uri == "dir/bad%20file.jpg")
    }

    @Test(.requires(.sarifSchema, .jsonSchema))
    func sarifValidatesAgainstTheOASISSchema() throws {
        let text = SARIFReport.render(Self.batch).rendered()
        let py = try #require(Tools.which("python3"))
        let schema = TestData.sarifSchema
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            doc = json.load(sys.stdin)
            jsonschema.validate(doc, schema)
            print("valid")
            """
        let r = try Tools.run(py, ["-c", script, schema], input: Array(text.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.text == "valid\n")
    }

    @Test func junitParsesWithTheExpectedCounts() throws {
        let xml = JUnitReport.render(Self.batch)
        let doc = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(doc.rootElement())
        #expect(root.name == "testsuites")
        // The two rules that do not apply are left out (CI dashboards flag skipped tests).
        #expect(root.attribute(forName: "tests")?.stringValue == "5")
        // good.heic's note is below the default --fail-on (error): listed, not failed.
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped")?.stringValue == "0")
        // Asked for, they are skipped test cases.
        let all = try #require(try XMLDocument(data: Data(JUnitReport.render(Self.batch, notApplicable: true).utf8)).rootElement())
        #expect(all.attribute(forName: "tests")?.stringValue == "7" && all.attribute(forName: "skipped")?.stringValue == "2")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 3)
        #expect(suites[0].attribute(forName: "name")?.stringValue == "dir/bad file.jpg")
        let failure = suites[0].elements(forName: "testcase")[0].elements(forName: "failure").first
        #expect(failure?.attribute(forName: "message")?.stringValue == "offset 99 + base 30 lands on 00 00, not an SOI <&>")
        let cropped = try #require(suites[1].elements(forName: "testcase").first { $0.attribute(forName: "name")?.stringValue == "geometry.primary.cropped" })
        #expect(cropped.elements(forName: "failure").isEmpty)
        #expect(cropped.elements(forName: "system-out").first?.stringValue
                == "note geometry.primary.cropped at meta/iprp/ipco[3]:clap (offset 40): cropped")
    }

    @Test func junitFailsFindingsAtOrAboveFailOn() throws {
        let xml = JUnitReport.render(Self.batch, failOn: .note)
        let root = try #require(try XMLDocument(data: Data(xml.utf8)).rootElement())
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        let cropped = try #require(root.elements(forName: "testsuite")[1].elements(forName: "testcase")
            .first { $0.attribute(forName: "name")?.stringValue == "geometry.primary.cropped" })
        #expect(cropped.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "note")
        #expect(cropped.elements(forName: "system-out").isEmpty)
    }

    @Test func textReportNamesRuleAndLocation() {
        let text = TextReport.render(Self.batch, colour: false)
        #expect(text.contains("FAIL dir/bad file.jpg (jpeg; disparity 16×12; 2 rules: 1 passed, 1 failed)"))
        #expect(text.contains("  error structure.mpf.entry-offset-out-of-bounds at APP2#1/MPF/MPEntry[2] (offset 15785): offset 99"))
        #expect(text.contains("UNREADABLE missing.jpg"))
        #expect(text.hasSuffix("3 files: 1 passed, 1 failed, 1 unreadable; 2 errors, 0 warnings, 1 note\n"))
        #expect(!text.contains("\u{1B}["))
        #expect(TextReport.render(Self.batch, colour: true).contains("\u{1B}[31mFAIL\u{1B}[0m"))
    }

    @Test func jsonEscapesControlCharactersAndDropsNonFiniteNumbers() {
        #expect(JSONValue.string("a\"b\\\n\u{01}").rendered() == "\"a\\\"b\\\\\\n\\u0001\"")
        #expect(JSONValue.double(.nan).rendered() == "null")
        #expect(JSONValue.double(1.5).rendered() == "1.5")
        #expect(JSONValue.double(2).rendered() == "2")
    }

    /// The byte writer gives what `String(describing:)` and the layout rules give: integers
    /// at both ends of their range, non-ASCII text, nesting and empty containers, pretty and
    /// on one line.
    @Test func jsonRendersIntegersTextAndNesting() {
        for i in [0, 7, -7, 9, 10, -10, 99, 100, 1_000_000, Int.max, Int.min, Int.min + 1] {
            #expect(JSONValue.int(i).rendered() == String(i))
        }
        #expect(JSONValue.string("é✓\u{1F600}").rendered() == "\"é✓\u{1F600}\"")
        let v = JSONValue.object([("a", .array([.int(1), .null, .bool(true)])), ("b", .object([])), ("c", .array([]))])
        #expect(v.rendered(pretty: false) == #"{"a":[1,null,true],"b":{},"c":[]}"#)
        #expect(v.rendered() == "{\n  \"a\": [\n    1,\n    null,\n    true\n  ],\n  \"b\": {},\n  \"c\": []\n}")
        // The bytes a batch writes are the rendered text's UTF-8.
        #expect(v.utf8(pretty: false) == Array(v.rendered(pretty: false).utf8))
        #expect(v.utf8() == Array(v.rendered().utf8))
    }
}
