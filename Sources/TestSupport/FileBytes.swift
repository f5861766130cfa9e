#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and writes for tests (POSIX, so the library targets stay Foundation-free).
/// The one way tests read a file.
package enum FileBytes {
    /// The whole file, or nil when it cannot be opened.
    package static func read(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n > 0 { out += buf[0..<n] }
            if n < buf.count { break }
        }
        return out
    }

    /// The whole file as UTF-8 text, or nil when it cannot be opened.
    package static func text(_ path: String) -> String? {
        read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    @discardableResult
    package static func write(_ bytes: [UInt8], to path: String) -> Bool {
        guard let f = fopen(path, "wb") else { return false }
        defer { fclose(f) }
        return fwrite(bytes, 1, bytes.count, f) == bytes.count
    }

    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Names in a directory (no recursion), or [] when it cannot be read.
    package static func list(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    package static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
