import Testing
import TestSupport

/// A check never decodes, so the libraries that only decoding needs are not loaded when
/// depthcheck starts: libheif and its codecs (libde265 runs initialisers worth milliseconds)
/// are loaded on first use by CHeifLazy, libjpeg and libpng by CLazyLibrary (each library
/// loaded costs its page faults and relocations at every start). libxml2 and zlib are linked in
/// from their static archives, so neither they nor ICU and liblzma, which libxml2.so.2 would
/// load, are loaded either (see Sources/C/CLibXML2/LibraryStandIns.c).
@Suite struct StartupLibrariesTests {
    @Test(.requires(.tool("readelf"))) func onlyTheCAndCPlusPlusRuntimesAreDependenciesOfTheBinary() throws {
        let readelf = try #require(Tools.which("readelf"))
        let r = try Tools.run(readelf, ["-d", Tools.depthcheck])
        #expect(r.status == 0)
        let needed = r.text.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty)
        #expect(!needed.contains { $0.contains("libheif") || $0.contains("libde265") || $0.contains("libx265") }, "\(needed)")
        #expect(!needed.contains { $0.contains("libjpeg") || $0.contains("libpng") }, "\(needed)")
        #expect(!needed.contains { $0.contains("libxml2") || $0.contains("libicu") || $0.contains("liblzma") || $0.contains("libz.") }, "\(needed)")
        // What is left beside the Swift runtime's own libraries (linked in by a release build):
        // the C and C++ runtimes it needs.
        let runtimes = ["libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libc.so.6", "ld-linux-x86-64.so.2"]
        let swift = ["libswift", "lib_", "libdispatch", "libBlocksRuntime", "libFoundation"]
        let names = needed.compactMap { line in line.split(separator: "[").last?.split(separator: "]").first.map(String.init) }
        #expect(names.count == needed.count)
        let others = names.filter { n in !swift.contains { n.hasPrefix($0) } }
        #expect(others.allSatisfy { runtimes.contains($0) }, "\(others)")
    }
}
