import AuxData
import Container
import Foundation
import Testing
import TestSupport

/// Every writer on a cut file, as an interrupted copy leaves one: each photo of `Corpus/good`
/// (and of the real-file corpus, when present) cut at every sixteenth of its length, then
/// `embed --depth MAP --replace`, `strip --all` and `roundtrip -o`. Whatever a writer does,
/// it keeps the photo or writes nothing:
/// - exit 0: the output exists and holds every byte of the primary's coded data that the cut
///   input held (HEIF: the part inside the cut of each extent of the primary item and of its
///   grid tiles, ISO/IEC 14496-12 §8.11.3, ISO/IEC 23008-12 §6.6.2.3; JPEG: the primary from
///   SOI to its EOI or the cut, less the APP2 MPF segment the writer rewrites, CIPA DC-007
///   §5.2.1);
/// - any other exit: no output file, and never exit 4 (an internal error).
@Suite struct TruncationPropertyTests {
    static let sixteenths = Array(1...16)

    static var goodFiles: [String] {
        FileBytes.list(TestData.corpus + "/good").filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".heic") }
            .map { TestData.corpus + "/good/" + $0 }
    }

    static var realFiles: [String] {
        (TestData.realFiles(endingIn: ".jpg") + TestData.realFiles(endingIn: ".heic")).map(TestData.real)
    }

    @Test func theGoodCorpusHasFilesOfBothContainers() {
        #expect(Self.goodFiles.filter { $0.hasSuffix(".jpg") }.count == 5)
        #expect(Self.goodFiles.filter { $0.hasSuffix(".heic") }.count == 5)
    }

    @Test(arguments: goodFiles)
    func everyWriterKeepsTheCutGoodFilesPrimaryOrWritesNothing(_ path: String) throws {
        try Self.checkEveryCut(of: path)
    }

    @Test(.requires(.realCorpus), arguments: realFiles)
    func everyWriterKeepsTheCutRealFilesPrimaryOrWritesNothing(_ path: String) throws {
        try Self.checkEveryCut(of: path)
    }

    static func checkEveryCut(of path: String) throws {
        let whole = try #require(FileBytes.read(path), "cannot read \(path)")
        let name = String(path.split(separator: "/").last ?? "")
        let ext = name.hasSuffix(".heic") ? "heic" : "jpg"
        let scratch = try Scratch("truncation")
        defer { scratch.remove() }
        let map = scratch.path("map.pfm")
        try Data(Self.pfm(aspectOf: whole)).write(to: URL(fileURLWithPath: map))
        let gdepth = !ByteSearch.offsets(of: Array("http://ns.google.com/photos/1.0/depthmap/".utf8), in: whole).isEmpty
        for k in sixteenths {
            let length = whole.count * k / 16
            let input = scratch.path("cut-\(k).\(ext)")
            try Data(whole[0..<length]).write(to: URL(fileURLWithPath: input))
            let held = Self.primaryHeld(whole, cutAt: length)
            let runs: [(String, [String])] = [
                ("embed", ["embed", "--image", input, "--depth", map, "--replace", "-o"]),
                ("strip", ["strip", input, "--all", "-o"]),
                ("roundtrip", ["roundtrip", input, "-o"]),
            ]
            for (label, arguments) in runs {
                let output = scratch.path("\(label)-\(k).\(ext)")
                let r = try Tools.depthcheck(arguments + [output])
                let what = "\(name) cut at \(k)/16 (\(length) of \(whole.count) bytes), \(label)"
                let written = Scratch.bytes(output)
                if r.status == 0 {
                    let out = try #require(written, "\(what): exit 0 but no output")
                    if ext == "jpg" {
                        // The output's primary, less its new MPF segment, starts with what the input held.
                        let primary = JPEG.MultiPictureFile.bytesWithoutMPF(out[...]) ?? out
                        // Taking a GDepth depth out rewrites the primary's XMP segments: there,
                        // the coded data from the first SOS on is what must be kept.
                        #expect(held.allSatisfy { h in
                            primary.starts(with: h) || (gdepth && Self.fromFirstSOS(h).map { Self.fromFirstSOS(primary)?.starts(with: $0) == true } == true)
                        },
                                "\(what): exit 0, but the output's primary does not start with the \(held.first?.count ?? 0) bytes the input held")
                    } else if let i = held.firstIndex(where: { !Self.contains(out, $0) }) {
                        Issue.record("\(what): exit 0, but extent \(i) of the primary's coded data (\(held[i].count) bytes) is not in the \(out.count)-byte output")
                    }
                } else {
                    #expect(written == nil, "\(what): exit \(r.status) but \(output) exists")
                    #expect(r.status != 4, "\(what): internal error: \(r.stderr)")
                }
            }
        }
    }

    /// A JPEG image's bytes from its first SOS marker on; nil when its segments do not reach one.
    static func fromFirstSOS(_ b: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 2
        while i + 3 < b.count, b[i] == 0xFF {
            if b[i + 1] == 0xDA { return b[i...] }
            i += 2 + (Int(b[i + 2]) << 8 | Int(b[i + 3]))
        }
        return nil
    }

    /// What the input cut at `length` holds of the primary's coded data, read from the whole
    /// file: for a HEIF the part inside the cut of each extent, each of which must appear in
    /// the output as one run; for a JPEG one part, which the output's primary (less its MPF
    /// segment) must start with.
    static func primaryHeld(_ whole: [UInt8], cutAt length: Int) -> [[UInt8]] {
        switch PhotoReader.container(of: whole) {
        case .heif:
            guard let file = try? HEIF.File(parsing: whole), let id = file.primaryItemID else { return [] }
            var parts: [[UInt8]] = []
            for item in [id] + file.tiles(of: id) {
                for r in file.dataRanges[item] ?? [] where r.lowerBound < length {
                    parts.append(Array(whole[r.lowerBound..<min(r.upperBound, length)]))
                }
            }
            return parts
        case .jpeg:
            guard let file = try? JPEG.File(parsing: whole) else { return [Array(whole[0..<length])] }
            let end = min(file.images.first?.end ?? file.primary.end ?? whole.count, length)
            // The primary up to its EOI or the cut, less its APP2 MPF segment; when the cut
            // falls in its headers, every byte up to the cut.
            return [JPEG.MultiPictureFile.bytesWithoutMPF(whole[0..<end]) ?? Array(whole[0..<end])]
        case nil:
            return []
        }
    }

    /// A little-endian PFM (`Pf`) depth map of 1 m…2 m with the photo's aspect ratio, about 8
    /// pixels on its long side (never more pixels than the photo).
    static func pfm(aspectOf photo: [UInt8]) -> [UInt8] {
        var (w, h) = (8, 6)
        if let p = try? PhotoReader.read(photo), p.primary.width > 0, p.primary.height > 0 {
            func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
            let g = gcd(p.primary.width, p.primary.height)
            let (aw, ah) = (p.primary.width / g, p.primary.height / g)
            let s = max(1, 8 / max(aw, ah))
            (w, h) = (aw * s, ah * s)
        }
        var bytes = Array("Pf\n\(w) \(h)\n-1.0\n".utf8)
        for i in 0..<(w * h) {
            let v = Float(1 + Double(i) / Double(w * h))
            withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 }
        }
        return bytes
    }

    /// Whether `part` appears in `bytes` as one run.
    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard !part.isEmpty else { return true }
        return Data(bytes).range(of: Data(part)) != nil
    }
}
