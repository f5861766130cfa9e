import Validator
import AuxData
import Container
/// SARIF 2.1.0 (OASIS) output: the catalog as `tool.driver.rules`, one result per finding
/// with a physical location whose region carries the byte offset (SARIF §3.30.12
/// `byteOffset`), and the structural path as a logical location (§3.33). Each rule's `help`
/// carries the `depthcheck explain` text; there is no `informationUri` or `helpUri`, since
/// depthcheck has no web address of its own to point at.
package enum SARIFReport {
    static func level(_ s: FindingSeverity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    package static func render(_ b: BatchReport) -> JSONValue {
        let index = ruleIndex(b.catalog)
        let found = b.files.enumerated().flatMap { results(for: $1, fileIndex: $0, ruleIndex: index) }
        return document(toolVersion: b.toolVersion, catalog: b.catalog, paths: b.files.map(\.path), results: found)
    }

    /// Position of each rule in the catalog, for `ruleIndex`.
    static func ruleIndex(_ catalog: [RuleInfo]) -> [String: Int] {
        Dictionary(catalog.enumerated().map { ($1.id.rawValue, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The SARIF log around its results: the catalog as `tool.driver.rules` and one artifact
    /// per file, in input order.
    static func document(toolVersion: String, catalog: [RuleInfo], paths: [String], results: [JSONValue]) -> JSONValue {
        let rules: [JSONValue] = catalog.map { r in
            .object([
                ("id", .string(r.id.rawValue)),
                ("name", .string(ruleName(r.id.rawValue))),
                ("shortDescription", .object([("text", .string(r.summary))])),
                ("fullDescription", .object([("text", .string(r.summary + " (" + r.citation.description + ")"))])),
                ("help", .object([("text", .string(ExplainText.text(r))), ("markdown", .string(ExplainText.markdown(r)))])),
                ("defaultConfiguration", .object([("level", .string(level(r.severity)))])),
                ("properties", .object([("tags", .array([.string(r.area)])),
                                        ("citation", .string(r.citation.description))])),
            ])
        }
        let artifacts: [JSONValue] = paths.map { .object([("location", .object([("uri", .string(uri($0)))]))]) }
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("depthcheck")),
                    ("version", .string(toolVersion)),
                    ("rules", .array(rules)),
                ]))])),
                ("artifacts", .array(artifacts)),
                ("results", .array(results)),
            ])])),
        ])
    }

    /// One result per finding of a file, pointing at the artifact `fileIndex`.
    static func results(for f: FileReport, fileIndex: Int, ruleIndex index: [String: Int]) -> [JSONValue] {
        f.findings.map { finding in
            var region: [(String, JSONValue)] = []
            if let o = finding.offset { region.append(("byteOffset", .int(max(0, o)))) }
            var physical: [(String, JSONValue)] = [
                ("artifactLocation", .object([("uri", .string(uri(f.path))), ("index", .int(fileIndex))])),
            ]
            if !region.isEmpty { physical.append(("region", .object(region))) }
            var location: [(String, JSONValue)] = [("physicalLocation", .object(physical))]
            if !finding.path.isEmpty {
                location.append(("logicalLocations", .array([.object([("fullyQualifiedName", .string(finding.path))])])))
            }
            var result: [(String, JSONValue)] = [("ruleId", .string(finding.rule.rawValue))]
            if let i = index[finding.rule.rawValue] { result.append(("ruleIndex", .int(i))) }
            result += [
                ("level", .string(level(finding.severity))),
                ("message", .object([("text", .string(finding.message))])),
                ("locations", .array([.object(location)])),
            ]
            return .object(result)
        }
    }

    static func ruleName(_ id: String) -> String {
        id.split(whereSeparator: { $0 == "." || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative path as a URI reference (RFC 3986): characters outside the unreserved set
    /// and `/` are percent-encoded, the raw bytes of a name that is not UTF-8 as they are.
    static func uri(_ path: String) -> String {
        var out = ""
        for b in PathText.bytes(of: path) {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let h = String(b, radix: 16, uppercase: true)
                out += "%" + (h.count == 1 ? "0" + h : h)
            }
        }
        return out
    }
}
