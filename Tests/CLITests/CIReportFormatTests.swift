import Foundation
import FoundationXML
import Testing
import TestSupport

/// What CI systems read from the reports: JUnit fails a build only for findings at or above
/// --fail-on, and SARIF names no web address depthcheck does not have.
@Suite struct CIReportFormatTests {
    static let noted = "Corpus/bad/geometry.primary.cropped/primary-with-clap.heic"

    @Test func aNoteOnAPassingFileIsNotAJUnitFailure() throws {
        let before = Scratch.bytes(TestData.packageRoot + "/" + Self.noted)
        let r = try Tools.depthcheck(["check", "--format", "junit", Self.noted])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try XMLDocument(data: Data(r.stdout))
        let root = try #require(doc.rootElement())
        #expect(root.attribute(forName: "failures")?.stringValue == "0")
        let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        let cropped = try #require(cases.first { $0.attribute(forName: "name")?.stringValue == "geometry.primary.cropped" })
        #expect(cropped.elements(forName: "failure").isEmpty)
        let out = try #require(cropped.elements(forName: "system-out").first?.stringValue)
        #expect(out.hasPrefix("note geometry.primary.cropped at meta/iinf/item[1] (offset 101): primary 64×48 is cropped"))
        #expect(cases.allSatisfy { $0.elements(forName: "failure").isEmpty })
        #expect(Scratch.bytes(TestData.packageRoot + "/" + Self.noted) == before)
    }

    @Test func failOnWarningMakesWarningsJUnitFailures() throws {
        let file = "Corpus/bad/structure.jpeg.trailing-data"
        let normal = try Tools.depthcheck(["check", "-r", "--format", "junit", file])
        let strict = try Tools.depthcheck(["check", "-r", "--format", "junit", "--fail-on", "warning", file])
        #expect(normal.status == 0 && strict.status == 1)
        func trailing(_ r: Tools.Result) throws -> XMLElement {
            let root = try #require(try XMLDocument(data: Data(r.stdout)).rootElement())
            let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
            return try #require(cases.first { $0.attribute(forName: "name")?.stringValue == "structure.jpeg.trailing-data" })
        }
        #expect(try trailing(normal).elements(forName: "failure").isEmpty)
        #expect(try trailing(normal).elements(forName: "system-out").count == 1)
        #expect(try trailing(strict).elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "warning")
        #expect(try trailing(strict).elements(forName: "system-out").isEmpty)
    }

    @Test func sarifNamesNoAddressAndCarriesTheExplainText() throws {
        let r = try Tools.depthcheck(["check", "--format", "sarif", "Corpus/good/jpeg-disparity.jpg"])
        #expect(r.status == 0)
        #expect(!r.text.contains("informationUri"))
        #expect(!r.text.contains("helpUri"))
        #expect(!r.text.contains("https://github.com"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let matte = try #require(rules.first { $0["id"] as? String == "matte.requires-depth" })
        let help = try #require(matte["help"] as? [String: Any])
        let explain = try Tools.depthcheck(["explain", "matte.requires-depth"])
        #expect(help["text"] as? String == explain.text)
        let markdown = try #require(help["markdown"] as? String)
        #expect(markdown.hasPrefix("**matte.requires-depth** (error)\n\n"))
        #expect(markdown.contains("- source: Apple Developer Documentation, AVFoundation: AVCapturePhotoOutput isPortraitEffectsMatteDeliveryEnabled"))
    }
}
