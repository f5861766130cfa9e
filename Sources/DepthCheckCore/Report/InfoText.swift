import Validator
import AuxData
import Container
/// The readable tree `depthcheck info` prints: the container, the primary image, each aux
/// image with its aux data dictionary and metadata, then any findings. The tree shows the
/// fields of the JSON contract (`PhotoJSON`), so `info` and `info --json` never disagree on a
/// value; the text only writes some for people: pixel formats as their four letters, the
/// histogram as a sparkline, long values (base64 payloads) shortened, numbers without float
/// noise, and each aux image by its position and its index in the file.
package enum InfoText {
    package static func render(_ r: FileReport) -> String {
        var out = "\(PathText.display(r.path)) (\(r.container?.rawValue ?? "unknown container"))\n"
        for (key, value) in r.photo.map({ PhotoJSON.fields($0, pixels: r.pixels) }) ?? [] {
            tree(key, value, indent: 1, into: &out)
        }
        let findings = r.findings
        if !findings.isEmpty {
            out += "  findings:\n"
            for f in findings { out += "    " + TextReport.line(f) + "\n" }
        }
        return out
    }

    /// Values longer than this are shortened in text (`--json` has them whole).
    static let longValue = 96

    static func tree(_ key: String, _ v: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        switch v {
        case .object(let fields):
            out += "\(pad)\(key):\n"
            for (k, x) in fields { tree(k, x, indent: indent + 1, into: &out) }
        case .array(let items) where key == "histogram":
            out += "\(pad)\(key): \(sparkline(items)) (\(items.count) bins; all counts in --json)\n"
        case .array(let items):
            if items.allSatisfy({ if case .object = $0 { return false } else { return true } }) {
                out += "\(pad)\(key): \(shortened("[\(items.map(scalar).joined(separator: ", "))]"))\n"
            } else if key == "auxImages" {
                out += "\(pad)\(key):\n"
                for (i, x) in items.enumerated() {
                    // The position in this list, and the index the file gives the image (MPF
                    // entry number, HEIF item ID), which `extract --index` and `strip --index` take.
                    var label = "aux image \(i + 1) of \(items.count)"
                    if case .object(let f) = x, let index = f.first(where: { $0.0 == "index" })?.1 { label += " (index \(scalar(index)))" }
                    tree(label, x, indent: indent + 1, into: &out)
                }
            } else if key == "channels", items.count == 3 {
                // A colour gain map's statistics or ISO 21496-1 channels: red, green, blue.
                out += "\(pad)\(key):\n"
                for (name, x) in zip(["red", "green", "blue"], items) { tree(name, x, indent: indent + 1, into: &out) }
            } else {
                out += "\(pad)\(key):\n"
                for (i, x) in items.enumerated() { tree("[\(i)]", x, indent: indent + 1, into: &out) }
            }
        default:
            out += "\(pad)\(key): \(value(key, v))\n"
        }
    }

    /// A leaf as people read it.
    static func value(_ key: String, _ v: JSONValue) -> String {
        // Apple's apdi NativeFormat/StoredFormat are OSType codes written as numbers.
        if key.hasSuffix("NativeFormat") || key.hasSuffix("StoredFormat") || key.hasSuffix("PixelFormat"),
           let code = fourCharacterCode(scalar(v)) {
            return "\(code) (\(scalar(v)))"
        }
        if case .double(let d) = v { return NumberText.short(d) }
        return shortened(scalar(v))
    }

    /// `hdis` for 1751411059: four printable ASCII characters, big-endian, as an OSType.
    static func fourCharacterCode(_ text: String) -> String? {
        guard let n = UInt32(text) else { return nil }
        let bytes = [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)]
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The start and end of a long value and its length: `UkVORAIA…AAA= (1024 characters)`.
    static func shortened(_ s: String) -> String {
        let count = s.count
        guard count > longValue else { return s }
        return "\(s.prefix(40))…\(s.suffix(12)) (\(count) characters; whole in --json)"
    }

    /// Counts as a line of block characters, the bins merged into at most 32 columns.
    static func sparkline(_ items: [JSONValue]) -> String {
        let counts: [Double] = items.map {
            switch $0 {
            case .int(let i): return Double(i)
            case .double(let d): return d
            default: return 0
            }
        }
        guard !counts.isEmpty else { return "" }
        let columns = min(32, counts.count)
        var merged = [Double](repeating: 0, count: columns)
        for (i, c) in counts.enumerated() { merged[i * columns / counts.count] += c }
        let top = merged.max() ?? 0
        let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return String(merged.map { c in top > 0 ? blocks[min(7, Int((c / top * 7).rounded()))] : blocks[0] })
    }

    static func scalar(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return s
        case .null: return "-"
        default: return v.rendered(pretty: false)
        }
    }
}
