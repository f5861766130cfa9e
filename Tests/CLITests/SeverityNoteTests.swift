import Foundation
import Testing
import TestSupport

/// A rule that reports at another severity than its own says so, and why, in `explain`,
/// `rules` and the JSON catalog: `explain` must not call error what `check` reports as a note.
@Suite struct SeverityNoteTests {
    @Test func explainAndRulesSayWhenTheSeverityIsLowered() throws {
        let e = try Tools.depthcheck(["explain", "structure.mpf.entry-size-mismatch"])
        #expect(e.status == 0)
        #expect(e.text.hasSuffix("  severity: a note for entry 1, the primary: readers find it at offset 0 and read it to its EOI whatever its size says, "
                                 + "and iOS 12 cameras (iPhone X, XS) declare it short\n"), "\(e.text)")
        let plain = try Tools.depthcheck(["explain", "matte.requires-depth"])
        #expect(!plain.text.contains("severity:"))
        let rules = try Tools.depthcheck(["rules"])
        let line = try #require(rules.text.split(separator: "\n").first { $0.hasPrefix("structure.jpeg.trailing-data ") })
        #expect(line.hasSuffix("(Severity: a note for zero padding (iPhone 7 Plus files end in up to ~1 MB of zeros), for padding to the boundary every image starts on (Panasonic aligns frames to 512 bytes), and for a vendor's trailer recognised by its signature, which its application reads.)"))
        let json = try Tools.depthcheck(["rules", "--format", "json"])
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [[String: Any]])
        let noted = catalog.filter { $0["severityNote"] is String }.compactMap { $0["id"] as? String }.sorted()
        #expect(noted == ["google.dynamic-depth.android-requirements", "structure.heif.exif-header-not-skipped", "structure.heif.property-not-essential", "structure.jpeg.trailing-data",
                          "structure.mpf.entry-size-mismatch"])
    }
}
