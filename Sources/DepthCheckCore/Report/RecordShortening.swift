import Validator
import AuxData
import Container
/// What a JSON Lines record leaves out to stay within `limit` bytes, its line feed included:
/// a line of at most PIPE_BUF (4,096) bytes written with one write(2) reaches a pipe whole
/// (POSIX.1-2017 write(2): writes of at most PIPE_BUF bytes are not interleaved), so records
/// of parallel writers never mix. A record that would be longer is written again with each
/// step below taken in turn until it fits, and names in `shortened` what it lost; the file's
/// path, verdict and every finding's rule, severity, offset and path are never cut. A path
/// alone longer than the limit leaves a record longer than it.
package struct RecordShortening: Sendable, Equatable {
    /// The most bytes of a line, its line feed included.
    package static let limit = 4096

    /// Finding messages cut to this many bytes (and `…`).
    var messageBytes: Int?
    /// Metadata values cut to this many bytes (and `…`).
    var metadataValueBytes: Int?
    var histograms = true
    var citations = true
    var metadata = true
    /// The decoded values' statistics (`statistics`, `values`), `--pixels`.
    var statistics = true
    /// At most this many findings, the first ones (a file's findings come in rule order).
    var findings: Int?
    /// At most this many aux images, the first ones.
    var auxImages: Int?

    /// The record as it is.
    package static let none = RecordShortening()

    /// The steps, gentlest first, each keeping what the ones before it cut.
    static let steps: [RecordShortening] = {
        var s = RecordShortening(messageBytes: 240, metadataValueBytes: 120)
        var out = [s]
        s.histograms = false; out.append(s)
        s.citations = false; out.append(s)
        s.messageBytes = 96; s.metadata = false; out.append(s)
        s.statistics = false; out.append(s)
        for n in [16, 8, 4, 2, 1, 0] { s.findings = n; out.append(s) }
        for n in [8, 4, 2, 1, 0] { s.auxImages = n; out.append(s) }
        return out
    }()

    /// What the record says it lost, in a fixed order.
    var names: [String] {
        var out: [String] = []
        if messageBytes != nil { out.append("messages") }
        if metadataValueBytes != nil || !metadata { out.append("metadata") }
        if !histograms { out.append("histograms") }
        if !citations { out.append("citations") }
        if !statistics { out.append("statistics") }
        if findings != nil { out.append("findings") }
        if auxImages != nil { out.append("auxImages") }
        return out
    }

    /// `text` cut to at most `bytes` bytes of UTF-8 at a scalar boundary, with `…` after it.
    static func cut(_ text: String, to bytes: Int?) -> String {
        guard let bytes, text.utf8.count > bytes else { return text }
        var out = String.UnicodeScalarView()
        var n = 0
        for u in text.unicodeScalars {
            n += UTF8.width(u)
            if n > bytes { break }
            out.append(u)
        }
        return String(out) + "…"
    }
}
