#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the test process runs under AddressSanitizer or ThreadSanitizer, found from their
/// runtime symbols. Such runs are several times slower and need terabytes of address space
/// for shadow memory, so sweeps are made smaller and `ulimit -v` is left off.
package enum Sanitizer {
    package static let isActive: Bool =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
            || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
}
