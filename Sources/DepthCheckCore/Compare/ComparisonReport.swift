import AuxData
import Validator

/// A comparison run in words: text for people, JSON for scripts, JUnit for CI.
public enum ComparisonReport {
    // MARK: Text

    /// One line a pair (its verdict, the two paths), then a line for each aux image that was
    /// not kept and for each difference; `summary` after the last pair.
    public static func text(_ p: ComparedPair) -> String {
        let arrow = "\(PathText.display(p.original ?? "-")) → \(PathText.display(p.export ?? "-"))"
        var out = pad(p.verdict, 18) + arrow + "\n"
        switch p.outcome {
        case .compared(let c):
            for d in c.damage { out += "  " + d + "\n" }
            for a in c.auxImages where a.change != .kept || !a.differences.isEmpty {
                out += "  " + pad(a.change.rawValue, 9) + describe(a) + "\n"
                for d in a.differences { out += "           " + d + "\n" }
            }
        case .ambiguous(let others):
            out += "  the same key as " + others.map(PathText.display).joined(separator: ", ") + "\n"
        case .error(let why):
            out += "  " + why + "\n"
        case .unpairedOriginal, .unpairedExport, .matched:
            break
        }
        return out
    }

    /// `3 pairs: 1 ok, 1 stripped, 1 changed`.
    public static func summary(_ pairs: [ComparedPair]) -> String { summary(verdicts: pairs.map(\.verdict)) }

    /// The summary of pairs of these verdicts, one a pair.
    public static func summary(verdicts: [String]) -> String {
        let counts = ComparedPair.verdicts.compactMap { v -> String? in
            let n = verdicts.filter { $0 == v }.count
            return n > 0 ? "\(n) \(v)" : nil
        }
        return "\(verdicts.count) \(verdicts.count == 1 ? "pair" : "pairs"): " + (counts.isEmpty ? "none" : counts.joined(separator: ", ")) + "\n"
    }

    static func describe(_ a: AuxImageComparison) -> String {
        let side = a.original ?? a.export
        var s = a.label
        if let side { s += " \(side.width)×\(side.height) (index \(side.index))" }
        if let v = a.values, a.change == .changed || v.isBeyondTolerance {
            let n = ComparisonNumber.text
            // Undeclared units are said once, after the figures, not after each.
            let u = v.units == ValueDifference.undeclaredUnits ? "" : " " + v.units
            s += ": p99 \(n(v.p99Error))\(u) against \(n(v.tolerance))\(u) (max \(n(v.maxError)), mean \(n(v.meanError)), "
                + "\(n(v.beyondTolerance * 100)) % of samples beyond)" + (u.isEmpty ? " (\(v.units))" : "")
            if let r = region(v) { s += "; " + r }
        }
        return s
    }

    /// `changed region 40×40 at (12, 30): 1600 samples beyond, up to 2.2 m`: where a map
    /// changed in one place, in the original's display frame.
    static func region(_ v: ValueDifference) -> String? {
        guard let r = v.region else { return nil }
        return "changed region \(r.width)×\(r.height) at (\(r.x), \(r.y)): \(r.samples) \(r.samples == 1 ? "sample" : "samples") beyond, "
            + "up to \(ComparisonNumber.text(r.maxError))" + (v.units == ValueDifference.undeclaredUnits ? "" : " " + v.units)
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    // MARK: JSON

    /// One pair's object: `original`, `export`, `verdict`, `auxImages` (each with `kind`,
    /// `change`, both sides' index and size, the errors with their `units`, `differences`),
    /// or `reason` for an `error`, `others` for `ambiguous`.
    package static func json(_ p: ComparedPair) -> JSONValue {
        var fields: [(String, JSONValue)] = [("original", p.original.map(JSONValue.string) ?? .null),
                                             ("export", p.export.map(JSONValue.string) ?? .null),
                                             ("verdict", .string(p.verdict))]
        switch p.outcome {
        case .compared(let c):
            if !c.damage.isEmpty { fields.append(("damage", .array(c.damage.map(JSONValue.string)))) }
            fields.append(("auxImages", .array(c.auxImages.map(json))))
        case .ambiguous(let others): fields.append(("others", .array(others.map(JSONValue.string))))
        case .error(let why): fields.append(("reason", .string(why)))
        case .unpairedOriginal, .unpairedExport, .matched: break
        }
        return .object(fields)
    }

    /// The JSON document of a run: one pair's object, or `{"pairs": [...]}` for folders.
    public static func jsonDocument(_ pairs: [ComparedPair], folders: Bool) -> String {
        let value = folders || pairs.count != 1 ? JSONValue.object([("pairs", .array(pairs.map(json)))]) : json(pairs[0])
        return value.rendered() + "\n"
    }

    /// One pair's JSON Lines line, its line feed included.
    public static func jsonLine(_ p: ComparedPair) -> String { json(p).rendered(pretty: false) + "\n" }

    static func json(_ a: AuxImageComparison) -> JSONValue {
        func side(_ s: AuxImage?) -> JSONValue {
            s.map { .object([("index", .int($0.index)), ("width", .int($0.width)), ("height", .int($0.height))]) } ?? .null
        }
        var fields: [(String, JSONValue)] = [("kind", .string(a.kind.rawValue))]
        if let m = a.semanticMatte { fields.append(("semanticMatte", .string(m.rawValue))) }
        fields += [("change", .string(a.change.rawValue)), ("original", side(a.original)), ("export", side(a.export))]
        if let v = a.values {
            func number(_ d: Double) -> JSONValue { d.isFinite ? .double(d) : .null }
            fields += [("maxError", number(v.maxError)), ("meanError", number(v.meanError)), ("p99Error", number(v.p99Error)),
                       ("beyondTolerance", number(v.beyondTolerance)), ("tolerance", number(v.tolerance)),
                       ("units", .string(v.units)), ("samples", .int(v.samples))]
            if let r = v.region {
                fields.append(("region", .object([("x", .int(r.x)), ("y", .int(r.y)), ("width", .int(r.width)), ("height", .int(r.height)),
                                                  ("samples", .int(r.samples)), ("maxError", number(r.maxError))])))
            }
        }
        fields.append(("differences", .array(a.differences.map(JSONValue.string))))
        return .object(fields)
    }

    // MARK: JUnit

    /// One test suite, one test case a pair, failing when its verdict is in `failing`.
    public static func junit(_ pairs: [ComparedPair], failing: [String]) -> String {
        let failures = pairs.filter { failing.contains($0.verdict) }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"depthcheck compare\" tests=\"\(pairs.count)\" failures=\"\(failures)\">\n"
        out += "<testsuite name=\"compare\" tests=\"\(pairs.count)\" failures=\"\(failures)\">\n"
        for p in pairs {
            let name = "\(PathText.display(p.original ?? "-")) → \(PathText.display(p.export ?? "-"))"
            out += "<testcase classname=\"compare\" name=\"\(XMLText.escape(name))\""
            if failing.contains(p.verdict) {
                out += "><failure type=\"\(p.verdict)\" message=\"\(p.verdict)\">\(XMLText.escape(text(p)))</failure></testcase>\n"
            } else {
                out += "/>\n"
            }
        }
        return out + "</testsuite>\n</testsuites>\n"
    }
}
