import Foundation
import Testing
import TestSupport

/// depthcheck's aux XMP values against ExifTool's (`exiftool -j -G3:1 -a -ee -n`): every
/// apdi and depthData value ExifTool reports for MPF image N must be the value depthcheck
/// reports for aux image N, on every JPEG in Corpus/good and the real corpus.
@Suite struct ExifToolXMPDifferentialTests {
    static let exiftool = Tools.which("exiftool") ?? "/usr/bin/exiftool"

    static func jpegs() -> [String] {
        var out: [String] = []
        for dir in [TestData.corpus + "/good", TestData.realCorpus] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            out += names.filter { $0.lowercased().hasSuffix(".jpg") }.sorted().map { dir + "/" + $0 }
        }
        return out
    }

    /// Numbers compare as numbers (ExifTool prints some as JSON numbers, some as strings),
    /// True/False as booleans, lists item by item.
    static func same(_ theirs: Any, _ ours: Any) -> Bool {
        if let list = theirs as? [Any], let mine = ours as? [Any] {
            return list.count == mine.count && zip(list, mine).allSatisfy { same($0, $1) }
        }
        let t = "\(theirs)", o = "\(ours)"
        if let a = Double(t), let b = Double(o) { return a == b || abs(a - b) <= 1e-12 * max(abs(a), abs(b)) }
        if let b = theirs as? Bool { return o.lowercased() == (b ? "true" : "false") }
        return t == o
    }

    // The real corpus supplies most of the twenty values compared.
    @Test(.requires(.tool("exiftool"), .realCorpus))
    func apdiAndDepthDataAgreeWithExifTool() throws {
        var compared = 0
        for path in Self.jpegs() {
            let et = try Tools.run(Self.exiftool, ["-j", "-G3:1", "-a", "-ee", "-n", "-XMP-apdi:all", "-XMP-depthData:all", path])
            let theirs = try #require((try JSONSerialization.jsonObject(with: Data(et.stdout)) as? [[String: Any]])?.first)
            let dc = try Tools.depthcheck(["info", "--json", path])
            let info = try #require(Tools.infoRecord(dc.stdout))
            let aux = (info["auxImages"] as? [[String: Any]]) ?? []
            for (key, value) in theirs {
                // "Doc2:XMP-apdi:NativeFormat" -> image 2, "apdi:NativeFormat"
                let parts = key.split(separator: ":")
                guard parts.count == 3, parts[0].hasPrefix("Doc"), let n = Int(parts[0].dropFirst(3)) else { continue }
                let name = parts[1].dropFirst("XMP-".count) + ":" + parts[2]
                let image = aux.first { $0["index"] as? Int == n }
                let ours = (image?["metadata"] as? [String: Any])?[String(name)]
                guard let ours else {
                    Issue.record("\(path): depthcheck lacks \(name) of image \(n) (ExifTool: \(value))"); continue
                }
                #expect(Self.same(value, ours), "\(path) image \(n) \(name): ExifTool \(value), depthcheck \(ours)")
                compared += 1
            }
        }
        #expect(compared >= 20, "too few values compared: \(compared)")
    }
}
