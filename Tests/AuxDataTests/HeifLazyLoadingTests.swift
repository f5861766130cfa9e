import CHeifLazy
import Testing

/// CHeifLazy forwards libheif calls to libheif, loaded on first use (LibheifMissingTests and
/// Tests/BridgeHarness see a load that fails).
@Suite struct HeifLazyLoadingTests {
    @Test func libheifLoadsAndAnswers() throws {
        #expect(dc_heif_available() == 1)
        let context = try #require(heif_context_alloc())
        // Bytes that are not a HEIF: libheif's own error comes back through the forwarder.
        let junk: [UInt8] = Array(repeating: 0, count: 32)
        let error = junk.withUnsafeBytes { heif_context_read_from_memory_without_copy(context, $0.baseAddress, 32, nil) }
        #expect(error.code != heif_error_Ok)
        heif_context_free(context)
    }

    @Test func theLibraryIsNamedForThePlatformAndNoFailureIsReported() {
        #if os(macOS)
        #expect(String(cString: dc_heif_library_name()) == "libheif.1.dylib")
        #else
        #expect(String(cString: dc_heif_library_name()) == "libheif.so.1")
        #endif
        #expect(dc_heif_available() == 1)
        #expect(dc_heif_load_failure() == nil)
    }
}
