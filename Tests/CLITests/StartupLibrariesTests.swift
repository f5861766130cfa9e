import Testing
import TestSupport

/// A check never decodes, so the libraries that only decoding needs are not loaded when
/// depthcheck starts: libheif and its codecs (libde265 runs initialisers worth milliseconds)
/// are loaded on first use by CHeifLazy, libjpeg and libpng by CLazyLibrary (each library
/// loaded costs its page faults and relocations at every start).
@Suite struct StartupLibrariesTests {
    @Test(.requires(.tool("readelf"))) func libheifIsNotADependencyOfTheBinary() throws {
        let readelf = try #require(Tools.which("readelf"))
        let r = try Tools.run(readelf, ["-d", Tools.depthcheck])
        #expect(r.status == 0)
        let needed = r.text.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty)
        #expect(!needed.contains { $0.contains("libheif") || $0.contains("libde265") || $0.contains("libx265") }, "\(needed)")
        #expect(!needed.contains { $0.contains("libjpeg") || $0.contains("libpng") }, "\(needed)")
    }
}
