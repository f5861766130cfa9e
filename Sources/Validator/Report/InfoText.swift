/// The readable tree `depthcheck info` prints: the container, the primary image, each aux
/// image with its aux data dictionary and metadata, then any findings. The tree shows the
/// fields of the JSON contract (`PhotoJSON`), so `info` and `info --json` never disagree.
public enum InfoText {
    public static func render(_ r: FileReport) -> String {
        var out = "\(r.path) (\(r.container?.rawValue ?? "unknown container"))\n"
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

    static func tree(_ key: String, _ v: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        switch v {
        case .object(let fields):
            out += "\(pad)\(key):\n"
            for (k, x) in fields { tree(k, x, indent: indent + 1, into: &out) }
        case .array(let items):
            if items.allSatisfy({ if case .object = $0 { return false } else { return true } }) {
                out += "\(pad)\(key): [\(items.map(scalar).joined(separator: ", "))]\n"
            } else {
                out += "\(pad)\(key):\n"
                for (i, x) in items.enumerated() { tree("[\(i)]", x, indent: indent + 1, into: &out) }
            }
        default:
            out += "\(pad)\(key): \(scalar(v))\n"
        }
    }

    static func scalar(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): return s
        case .null: return "-"
        default: return v.rendered(pretty: false)
        }
    }
}
