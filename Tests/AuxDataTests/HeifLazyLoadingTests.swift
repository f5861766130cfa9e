import CHeifLazy
import Testing

/// CHeifLazy forwards libheif calls to libheif.so.1, loaded on first use.
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
}
