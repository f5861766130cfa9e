/// Reads typed fields of one namespace out of a list of properties, collecting a problem for
/// every value that does not convert instead of failing: a description keeps what it could
/// read and the validator reports the rest.
///
/// Numbers use the XMP value types of Adobe XMP Specification Part 1 §8.2.1: Integer is
/// an optional sign and decimal digits, Real additionally a decimal point (exponents occur in
/// Apple's files, e.g. `1.9311880805616966e-06`, and are accepted). Conversion goes through the
/// locale-free stdlib `Int(_:)`/`Double(_:)` after a character check that keeps out `nan`,
/// `inf` and hex floats, which the stdlib would otherwise accept.
struct XMPFieldReader {
    let namespace: String
    let fields: [XMPProperty]
    /// Each problem starts with the property's `prefix:name` (then `: ` or `[i]: `), which
    /// `XMPProblems` uses to point the issue at the property.
    private(set) var problems: [String] = []

    init(namespace: String, fields: [XMPProperty]) {
        self.namespace = namespace
        self.fields = fields.filter { $0.namespace.sameText(namespace) }
    }

    init(_ document: XMPDocument, namespace: String) {
        self.init(namespace: namespace, fields: document.properties)
    }

    var isEmpty: Bool { fields.isEmpty }

    func property(_ name: String) -> XMPProperty? { fields.first { $0.name.sameText(name) } }

    private func key(_ name: String) -> String {
        property(name).map { $0.qualifiedName } ?? name
    }

    mutating func text(_ name: String) -> String? {
        guard let p = property(name) else { return nil }
        guard let t = p.value.text else {
            problems.append("\(p.qualifiedName): expected text, found an array or structure")
            return nil
        }
        return t
    }

    mutating func int(_ name: String) -> Int? {
        guard let t = text(name) else { return nil }
        guard let v = Self.parseInt(t) else {
            problems.append("\(key(name)): '\(t)' is not an integer")
            return nil
        }
        return v
    }

    mutating func uint32(_ name: String) -> UInt32? {
        guard let t = text(name) else { return nil }
        guard let v = Self.parseInt(t).flatMap({ UInt32(exactly: $0) }) else {
            problems.append("\(key(name)): '\(t)' is not a 32-bit unsigned integer")
            return nil
        }
        return v
    }

    mutating func double(_ name: String) -> Double? {
        guard let t = text(name) else { return nil }
        guard let v = Self.parseReal(t) else {
            problems.append("\(key(name)): '\(t)' is not a real number")
            return nil
        }
        return v
    }

    /// XMP Boolean is `True` or `False` (Part 1 §8.2.1.1); other case forms are accepted with
    /// a problem because some writers lower-case them.
    mutating func bool(_ name: String) -> Bool? {
        guard let t = text(name) else { return nil }
        switch t {
        case "True": return true
        case "False": return false
        default:
            switch t.lowercased() {
            case "true":
                problems.append("\(key(name)): '\(t)' should be 'True'")
                return true
            case "false":
                problems.append("\(key(name)): '\(t)' should be 'False'")
                return false
            default:
                problems.append("\(key(name)): '\(t)' is not True or False")
                return nil
            }
        }
    }

    /// An array of reals; a bad item is a problem and the whole array is nil.
    mutating func doubles(_ name: String) -> [Double]? {
        guard let p = property(name) else { return nil }
        guard let items = p.value.items else {
            problems.append("\(p.qualifiedName): expected an rdf:Seq of reals")
            return nil
        }
        var out: [Double] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let t = item.text, let v = Self.parseReal(t) else {
                problems.append("\(p.qualifiedName)[\(i + 1)]: '\(item.text ?? "<structure>")' is not a real number")
                return nil
            }
            out.append(v)
        }
        return out
    }

    /// The array items as text (structures and nested arrays dropped with a problem).
    mutating func texts(_ name: String) -> [String]? {
        guard let p = property(name) else { return nil }
        if let t = p.value.text { return [t] }
        guard let items = p.value.items else {
            problems.append("\(p.qualifiedName): expected an array")
            return nil
        }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            if let t = item.text { out.append(t) }
            else { problems.append("\(p.qualifiedName)[\(i + 1)]: expected text") }
        }
        return out
    }

    /// The UTF-8 offsets of `s` without leading and trailing XML white space (XML 1.0 §2.3 S:
    /// space, tab, CR, LF), when what is left is not empty and every byte of it is one
    /// `allowed` accepts (for a number: its digits, signs, point and exponent). One pass over
    /// the string's contiguous UTF-8: every real and integer of every description goes through
    /// here, and a depth description holds dozens (its lens distortion tables), where stepping
    /// a `Substring` by index cost more than converting.
    static func trimmedRange(_ s: String, allowed: (UInt8) -> Bool) -> Range<Int>? {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var text = s
        return text.withUTF8 { u -> Range<Int>? in
            var lo = 0, hi = u.count
            while lo < hi, isSpace(u[lo]) { lo += 1 }
            while hi > lo, isSpace(u[hi - 1]) { hi -= 1 }
            guard lo < hi else { return nil }
            for i in lo..<hi where !allowed(u[i]) { return nil }
            return lo..<hi
        }
    }

    /// The text of `s` at the UTF-8 offsets `r`, which `trimmedRange` found between ASCII bytes.
    static func slice(_ s: String, _ r: Range<Int>) -> Substring {
        let u = s.utf8
        // Both ends sit next to an ASCII byte or at an end of `s`: Character boundaries.
        return s[u.index(u.startIndex, offsetBy: r.lowerBound)..<u.index(u.startIndex, offsetBy: r.upperBound)]
    }

    /// `s` without leading and trailing XML white space (XML 1.0 §2.3 S: space, tab, CR, LF),
    /// found on its UTF-8 bytes: stepping by `Character` runs grapheme breaking on each.
    static func trimmed(_ s: String) -> Substring {
        trimmedRange(s, allowed: { _ in true }).map { slice(s, $0) } ?? s[s.endIndex...]
    }

    static func parseInt(_ s: String) -> Int? {
        guard let r = trimmedRange(s, allowed: { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D }) else { return nil }
        return Int(slice(s, r))
    }

    static func parseReal(_ s: String) -> Double? {
        guard let r = trimmedRange(s, allowed: {
            ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E || $0 == 0x45 || $0 == 0x65
        }) else { return nil }
        var text = s
        if let exact = text.withUTF8({ ExactDecimal.value(UnsafeBufferPointer(rebasing: $0[r])) }) { return exact }
        // A whole string converts without the copy a `Substring` needs first.
        let value = r.lowerBound == 0 && r.upperBound == s.utf8.count ? Double(s) : Double(slice(s, r))
        guard let v = value, v.isFinite else { return nil }
        return v
    }
}
