#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FuzzTarget {
    /// The bytes of the file at `path`, or nil when it cannot be read: a kept input to replay,
    /// or a photo of the corpus.
    package static func contents(of path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }
}
