/// Finding one text inside another by their UTF-8 bytes.
///
/// The standard library's `firstRange(of:)` and `contains(_:)` for strings build a table keyed
/// by `Character`, a hash table a one-file check pays for (`ListSet` says why) more than for
/// the search itself. The texts searched here are short (a report's
/// skeleton, an `auxC` type), so a direct comparison is enough. Byte equality is what these
/// callers mean: their needles are ASCII.
package enum TextSearch {
    /// Where `needle` first occurs in `text`, compared byte for byte; nil for an empty needle.
    package static func range(of needle: String, in text: String) -> Range<String.Index>? {
        let hay = Array(text.utf8), pin = Array(needle.utf8)
        guard !pin.isEmpty, hay.count >= pin.count else { return nil }
        for start in 0...(hay.count - pin.count) where hay[start] == pin[0] {
            guard hay[start..<(start + pin.count)].elementsEqual(pin) else { continue }
            let lower = text.utf8.index(text.utf8.startIndex, offsetBy: start)
            return lower..<text.utf8.index(lower, offsetBy: pin.count)
        }
        return nil
    }

    /// Whether `needle` occurs in `text`, compared byte for byte.
    package static func contains(_ text: String, _ needle: String) -> Bool {
        range(of: needle, in: text) != nil
    }
}
