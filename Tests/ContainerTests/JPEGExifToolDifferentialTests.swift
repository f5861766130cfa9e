import Foundation
import Testing
@testable import Container
import TestSupport

/// MPF entries as read by depthcheck must agree with ExifTool's `MPImageStart` (absolute: it adds
/// the TIFF-header base) and `MPImageLength` (the declared size) for every JPEG we have.
@Suite struct JPEGExifToolDifferentialTests {
    static let exiftool = Tools.which("exiftool") ?? "/usr/bin/exiftool"

    static func jpegs() -> [String] {
        var paths: [String] = []
        // Known-bad files lie about their MPF offsets on purpose; readers may disagree there.
        for dir in [TestData.corpus + "/good", TestData.realCorpus] {
            guard let e = FileManager.default.enumerator(atPath: dir) else { continue }
            while let p = e.nextObject() as? String {
                let lower = p.lowercased()
                if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { paths.append(dir + "/" + p) }
            }
        }
        return paths.sorted()
    }

    /// ExifTool's per-entry start and length, keyed by entry number, and NumberOfImages.
    static func exifToolMPF(_ path: String) throws -> (Int?, [Int: (start: Int, length: Int)]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exiftool)
        p.arguments = ["-j", "-a", "-G1:4", "-n", "-MPF:all", path]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = Pipe()
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let tags = try #require(json.first)
        var count: Int?
        var starts: [Int: Int] = [:], lengths: [Int: Int] = [:]
        for (key, value) in tags {
            let parts = key.split(separator: ":")
            guard let group = parts.first, let name = parts.last, let v = value as? Int else { continue }
            if name == "NumberOfImages" { count = v }
            guard group.hasPrefix("MPImage"), let n = Int(group.dropFirst("MPImage".count)) else { continue }
            if name == "MPImageStart" { starts[n] = v }
            if name == "MPImageLength" { lengths[n] = v }
        }
        var entries: [Int: (start: Int, length: Int)] = [:]
        for (n, s) in starts { if let l = lengths[n] { entries[n] = (s, l) } }
        return (count, entries)
    }

    @Test(.requires(.tool("exiftool")))
    func mpfEntriesAgreeWithExifTool() throws {
        let paths = Self.jpegs()
        #expect(!paths.isEmpty)
        for path in paths {
            let bytes = try #require(FileBytes.read(path))
            // A file depthcheck cannot read at all (a bad-corpus sample) has nothing to compare.
            guard let file = try? JPEG.File(parsing: bytes) else { continue }
            let (count, theirs) = try Self.exifToolMPF(path)
            guard let mpf = file.mpf else {
                #expect(theirs.isEmpty, "\(path): exiftool sees MPF entries, depthcheck none")
                continue
            }
            #expect(count.map(UInt32.init) == mpf.numberOfImages, "\(path)")
            #expect(theirs.count == mpf.entries.count, "\(path)")
            for entry in mpf.entries {
                let start = entry.number == 1 ? Int(entry.imageOffset) : mpf.tiffHeaderOffset + Int(entry.imageOffset)
                let t = theirs[entry.number]
                #expect(t?.start == start, "\(path) entry \(entry.number)")
                #expect(t?.length == Int(entry.size), "\(path) entry \(entry.number)")
            }
        }
    }
}
