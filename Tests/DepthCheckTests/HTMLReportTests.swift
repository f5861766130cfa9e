import Foundation
import Testing
import TestSupport
@testable import AuxData
@testable import Validator
@testable import DepthCheckCore

/// The HTML report is one self-contained page: it parses, it names no external resource,
/// every string from a file is escaped, and only its own script may run.
@Suite struct HTMLReportTests {
    static let hostile = "<script>alert(1)</script>"

    /// A page for a failing file with a hostile path and dictionary value, a passing file and
    /// an unreadable one, with pictures (a 1 × 1 PNG) on the first.
    static func page() throws -> String {
        let bad = try #require(FileBytes.read(TestData.packageRoot + "/Corpus/bad/matte.requires-depth/matte-without-disparity.jpg"))
        let good = try #require(FileBytes.read(TestData.packageRoot + "/Corpus/good/jpeg-disparity.jpg"))
        let failing = Validation.check(bytes: bad, path: "dir/\(hostile).jpg", options: CheckOptions())
        let passing = Validation.check(bytes: good, path: "good.jpg", options: CheckOptions())
        let unreadable = Validation.unreadable(path: "gone\(hostile).jpg", message: "no such file \(hostile)")
        let picture = FileVisuals.Picture(bytes: onePixelPNG, mediaType: "image/png", width: 1, height: 1)
        let visuals = FileVisuals(thumbnail: picture, maps: [
            FileVisuals.Map(index: 2, kind: "disparity", picture: picture,
                            legend: .init(minimum: 0.25, maximum: 2, unit: "1/m", warmAtMinimum: false),
                            statistics: AuxStatistics(min: 0.25, max: 2, mean: 1, nanCount: 0, histogram: [3] + Array(repeating: 0, count: 254) + [1]),
                            dictionary: [("PixelFormat", "hdis"), ("Note", hostile)]),
        ])
        var w = BatchWriter(format: .html, toolVersion: "0.1.0", catalog: Validation.catalog.map(\.info),
                            paths: [failing.path, passing.path, unreadable.path])
        var out = w.begin()
        out += w.add(failing.with(visuals: visuals))
        out += w.add(passing)
        out += w.add(unreadable)
        out += w.end()
        return out
    }

    /// A valid 1 × 1 gray PNG (ISO/IEC 15948: signature, IHDR, IDAT, IEND).
    static let onePixelPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3A, 0x7E, 0x9B,
        0x55, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00,
        0x02, 0x00, 0x01, 0x48, 0xAF, 0xA4, 0x71, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
        0x42, 0x60, 0x82,
    ]

    @Test func stringsFromFilesAreEscaped() throws {
        let html = try Self.page()
        #expect(!html.contains(Self.hostile))
        #expect(html.contains("dir/&lt;script&gt;alert(1)&lt;/script&gt;.jpg"))
        #expect(html.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"))
        // Exactly one script element: the report's own.
        #expect(html.components(separatedBy: "<script").count == 2)
    }

    @Test func cardsSummaryAndRuleTexts() throws {
        let html = try Self.page()
        #expect(html.components(separatedBy: "<article class=\"card\"").count == 4)
        #expect(html.contains("data-verdict=\"fail\"") && html.contains("data-verdict=\"pass\"") && html.contains("data-verdict=\"unreadable\""))
        #expect(html.contains("<p>3 files: 1 pass, 1 fail, 1 unreadable;"))
        // A finding links to its rule's text, which the page holds.
        #expect(html.contains("<a href=\"#rule-matte.requires-depth\">matte.requires-depth</a>"))
        #expect(html.contains("<dt id=\"rule-matte.requires-depth\">"))
        #expect(html.contains("<dt id=\"rule-structure.file.unreadable\">"))
        // The picture's size is on its element, and the blend slider names the map it drives.
        #expect(html.contains("<img class=\"map\" id=\"map-0-0\" data-kind=\"disparity\" width=\"1\" height=\"1\""))
        // Beside the photo, the same map alone.
        #expect(html.contains("<img class=\"alone\" data-kind=\"disparity\" width=\"1\" height=\"1\""))
        #expect(html.contains("data-map=\"map-0-0\""))
        #expect(html.contains("min 0.25, max 2, mean 1, NaN 0"))
    }

    @Test func namesNoExternalResource() throws {
        let html = try Self.page()
        for attribute in ["src=\"", "href=\""] {
            for part in html.components(separatedBy: attribute).dropFirst() {
                let value = part.prefix { $0 != "\"" }
                #expect(value.hasPrefix("data:image/png;base64,") || value.hasPrefix("data:image/jpeg;base64,") || value.hasPrefix("#"), "\(attribute)\(value.prefix(40))")
            }
        }
        #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("url(http"))
        #expect(html.contains("content=\"default-src 'none'; img-src data:;"))
    }

    /// The CSP names the script by its SHA-256 (base64), computed here independently.
    @Test(.requires(.tool("python3"))) func scriptHashMatchesTheScript() throws {
        let py = try #require(Tools.which("python3"))
        let r = try Tools.run(py, ["-c", "import sys,hashlib,base64;print(base64.b64encode(hashlib.sha256(sys.stdin.buffer.read()).digest()).decode())"],
                              input: Array(HTMLReport.script.utf8))
        #expect(HTMLReport.scriptHash == "sha256-" + r.text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Python's HTML parser walks the page: every element that is opened is closed, in order.
    @Test(.requires(.tool("python3"))) func pageParsesWithBalancedElements() throws {
        let py = try #require(Tools.which("python3"))
        let script = """
            import sys
            from html.parser import HTMLParser
            VOID = {"meta","img","input","br","stop","rect","path","link"}
            class P(HTMLParser):
                def __init__(s):
                    super().__init__(); s.stack=[]; s.errors=[]; s.imgs=0
                def handle_starttag(s, t, a):
                    if t == "img": s.imgs += 1
                    if t not in VOID: s.stack.append(t)
                def handle_startendtag(s, t, a): pass
                def handle_endtag(s, t):
                    if t in VOID: return
                    if not s.stack or s.stack[-1] != t: s.errors.append((t, list(s.stack[-3:])))
                    else: s.stack.pop()
            p = P(); p.feed(sys.stdin.read()); p.close()
            print(len(p.errors), len(p.stack), p.imgs)
            """
        let r = try Tools.run(py, ["-c", script], input: Array(try Self.page().utf8))
        // The photo, its map over it, and the map alone beside it.
        #expect(r.text.trimmingCharacters(in: .whitespacesAndNewlines) == "0 0 3", "\(r.stderr)")
    }

    @Test func base64EncodesAsRFC4648() {
        #expect(Base64.encode([]) == "")
        #expect(Base64.encode(Array("f".utf8)) == "Zg==")
        #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect((try? Base64.decode(Base64.encode(bytes), at: 0, path: "")) == bytes)
    }

    @Test func turboEndsAndNearerIsWarmer() {
        // Blue near the low end, red near the high end (the published map's shape).
        let (r0, g0, b0) = TurboColourMap.rgb(0.15)
        let (r1, g1, b1) = TurboColourMap.rgb(0.9)
        #expect(b0 > r0 && b0 > g0, "\(r0) \(g0) \(b0)")
        #expect(r1 > g1 && r1 > b1, "\(r1) \(g1) \(b1)")
        #expect(TurboColourMap.hex(0.5).count == 7)
        #expect(TurboColourMap.table.count == 256)
    }
}
