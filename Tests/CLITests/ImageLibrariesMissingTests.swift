import Foundation
import Testing
import TestSupport

/// libjpeg and libpng are loaded on first use (CLazyLibrary), as libheif is: a check never
/// decodes or writes an image, so it runs without them, and whatever needs one says why it could
/// not be loaded, with the loader's own words, and writes nothing.
@Suite struct ImageLibrariesMissingTests {
    static let missingJPEG = "/nonexistent/no-such-libjpeg.so"
    static let missingPNG = "/nonexistent/no-such-libpng.so"
    static func environment(_ variable: String, _ file: String) -> [String: String] {
        var e = ProcessInfo.processInfo.environment
        e[variable] = file
        return e
    }
    static func reason(_ label: String, _ file: String) -> String {
        "\(label) could not be loaded: \(file): cannot open shared object file: No such file or directory"
    }
    static let jpeg = "Corpus/good/jpeg-disparity.jpg"

    @Test func aCheckNeedsNeitherLibrary() throws {
        var e = Self.environment("DEPTHCHECK_LIBJPEG", Self.missingJPEG)
        e["DEPTHCHECK_LIBPNG"] = Self.missingPNG
        let r = try Tools.depthcheck(["check", Self.jpeg], environment: e)
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
    }

    /// `extract` of the JPEG's disparity into `output` with `variable` naming a missing file.
    func extractSaysWhy(_ variable: String, _ file: String, _ label: String, output: String) throws {
        let s = try Scratch("\(label)-missing-extract")
        defer { s.remove() }
        let r = try Tools.depthcheck(["extract", Self.jpeg, "--aux", "disparity", "-o", s.path(output)],
                                     environment: Self.environment(variable, file))
        #expect(r.status != 0)
        #expect(r.stderr.contains(Self.reason(label, file)), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.path(output)))
    }

    /// Decoding the JPEG-coded map needs libjpeg.
    @Test func extractingAJPEGMapSaysWhyLibjpegIsMissing() throws {
        try extractSaysWhy("DEPTHCHECK_LIBJPEG", Self.missingJPEG, "libjpeg", output: "d.pfm")
    }

    /// Writing the map as a PNG needs libpng.
    @Test func writingAPNGSaysWhyLibpngIsMissing() throws {
        try extractSaysWhy("DEPTHCHECK_LIBPNG", Self.missingPNG, "libpng", output: "d.png")
    }

    @Test func withoutTheVariablesBothLoad() throws {
        let s = try Scratch("image-libraries-present")
        defer { s.remove() }
        let r = try Tools.depthcheck(["extract", Self.jpeg, "--aux", "disparity", "-o", s.path("d.png")])
        #expect(r.status == 0, "\(r.stderr)")
        // A PNG of the 16×12 disparity (ISO/IEC 15948 §5.2 signature, IHDR width and height).
        let png = try #require(Scratch.bytes(s.path("d.png")))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[16..<24]) == [0, 0, 0, 16, 0, 0, 0, 12])
    }
}
