import Foundation
import Testing
import TestSupport

/// Without libheif (DEPTHCHECK_LIBHEIF names a file that does not exist, so CHeifLazy's dlopen
/// fails) a check still runs, since it never decodes, and whatever needs libheif says why it
/// could not be loaded, with the loader's own words.
@Suite struct LibheifMissingTests {
    static let missing = "/nonexistent/no-such-libheif.so"
    static let reason = "libheif could not be loaded: \(missing): cannot open shared object file: No such file or directory"
    static var environment: [String: String] {
        var e = ProcessInfo.processInfo.environment
        e["DEPTHCHECK_LIBHEIF"] = missing
        return e
    }
    static let heic = "Corpus/good/heif-disparity.heic"

    @Test func aCheckNeedsNoLibheif() throws {
        let r = try Tools.depthcheck(["check", Self.heic], environment: Self.environment)
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
    }

    @Test func extractingAHEVCMapSaysWhyLibheifIsMissing() throws {
        let s = try Scratch("libheif-missing-extract")
        defer { s.remove() }
        let r = try Tools.depthcheck(["extract", Self.heic, "--aux", "depth", "-o", s.path("d.png")], environment: Self.environment)
        #expect(r.status != 0)
        #expect(r.stderr.contains(Self.reason), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.path("d.png")))
    }

    @Test func embeddingIntoAHEICSaysWhyLibheifIsMissing() throws {
        let s = try Scratch("libheif-missing-embed")
        defer { s.remove() }
        let map = s.path("map.pgm")
        #expect(FileBytes.write(Array("P5\n16 12\n255\n".utf8) + (0..<192).map { UInt8($0) }, to: map))
        let r = try Tools.depthcheck(["embed", "--image", Self.heic, "--disparity", map, "--znear", "1", "--zfar", "2",
                                      "--replace", "-o", s.path("out.heic")],
                                     environment: Self.environment)
        #expect(r.status != 0)
        #expect(r.stderr.contains(Self.reason), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.path("out.heic")))
    }

    @Test func withoutTheVariableLibheifLoads() throws {
        let s = try Scratch("libheif-present")
        defer { s.remove() }
        let r = try Tools.depthcheck(["extract", Self.heic, "--aux", "depth", "-o", s.path("d.pfm")])
        #expect(r.status == 0, "\(r.stderr)")
        // PFM, the default format, of the 16×12 disparity.
        #expect(Scratch.bytes(s.path("d.pfm"))?.prefix(14) == ArraySlice("Pf\n16 12\n-1.0\n".utf8))
    }
}
