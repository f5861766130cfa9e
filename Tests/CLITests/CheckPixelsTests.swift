import Foundation
import Testing
import TestSupport

/// `check --pixels`: decodes the aux images and runs the pixel rules; a truncated aux stream is
/// a finding (exit 1), never an unreadable file or a crash. Without the option the pixel rules
/// are not applicable and no statistics are reported.
@Suite struct CheckPixelsTests {
    static let good = "Corpus/good/jpeg-disparity.jpg"

    static func json(_ r: Tools.Result) throws -> [String: Any] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        return try #require(files.first)
    }

    static func rules(_ file: [String: Any], _ list: String) -> [String] {
        ((file["rules"] as? [String: Any])?[list] as? [String]) ?? []
    }

    @Test func aTruncatedAuxStreamFailsThePixelsRuleWithExitOne() throws {
        let bytes = try #require(FileBytes.read(TestData.packageRoot + "/" + Self.good))
        let scratch = try Scratch("pixels-trunc")
        defer { scratch.remove() }
        // The file ends 40 bytes before its end: inside the disparity image's entropy-coded data.
        let path = scratch.path("cut.jpg")
        try Data(bytes.dropLast(40)).write(to: URL(fileURLWithPath: path))

        let r = try Tools.depthcheck(["check", "--pixels", "--format", "json", path])
        #expect(r.status == 1, "\(r.text)\(r.stderr)")
        let file = try Self.json(r)
        #expect(file["verdict"] as? String == "fail")
        #expect(Self.rules(file, "failed").contains("pixels.aux.undecodable"))
        let findings = (file["findings"] as? [[String: Any]]) ?? []
        let pixel = findings.filter { $0["rule"] as? String == "pixels.aux.undecodable" }
        #expect(pixel.map { $0["path"] as? String } == ["MPImage[2]"])
        #expect((pixel.first?["message"] as? String)?.hasPrefix("disparity image 2 does not decode: ") == true)

        // Without --pixels the same file is judged on its structure alone.
        let plain = try Self.json(try Tools.depthcheck(["check", "--format", "json", path]))
        #expect(Self.rules(plain, "notApplicable").contains("pixels.aux.undecodable"))
    }

    @Test func pixelsReportsStatisticsAndPassesAGoodFile() throws {
        let r = try Tools.depthcheck(["check", "--pixels", "--format", "json", Self.good])
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
        let file = try Self.json(r)
        #expect(Self.rules(file, "passed").contains("pixels.aux.undecodable"))
        #expect(Self.rules(file, "passed").contains("pixels.map.flat"))
        let aux = try #require((file["auxImages"] as? [[String: Any]])?.first)
        #expect(aux["statistics"] != nil)

        let plain = try Self.json(try Tools.depthcheck(["check", "--format", "json", Self.good]))
        #expect(((plain["auxImages"] as? [[String: Any]])?.first)?["statistics"] == nil)
        #expect(Set(Self.rules(plain, "notApplicable")).isSuperset(of: [
            "pixels.aux.undecodable", "pixels.aux.size-mismatch", "pixels.int-range.outside",
            "pixels.depth.value-invalid", "pixels.map.flat", "pixels.matte.empty"]))
    }

    /// The quick argument reader takes --pixels: the same run as through the option parser.
    @Test func theQuickReaderAndTheParserGiveTheSameReport() throws {
        let path = TestData.packageRoot + "/Corpus/bad/pixels.map.flat/disparity-all-100.jpg"
        let quick = try Tools.depthcheck(["--pixels", path, "--format", "json"])
        let parsed = try Tools.depthcheck(["check", "--pixels", "--format", "json", "--max-pixels", "268435456", path])
        #expect(quick.status == 0 && parsed.status == 0)
        #expect(try Self.json(quick)["findings"] as? NSArray == Self.json(parsed)["findings"] as? NSArray)
        #expect((try Self.json(quick)["findings"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["pixels.map.flat"])
    }
}
