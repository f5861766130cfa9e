/// A structural path (`meta/iinf/infe[3]`, `meta/iprp/ipco[7]:auxC`) kept as its parts and
/// made into text only when something reads it: an error, a finding, a stored location.
/// A HEIF's `meta` box has a child for every item, property and reference; most are parsed
/// without a problem and their paths are never read, so building each one's text up front
/// was a string allocation per box for nothing.
package struct PathLabel: Sendable {
    @usableFromInline enum Form: Sendable { case text, child, indexedChild, item, property, segment }
    @usableFromInline let base: String
    @usableFromInline let type: FourCC
    @usableFromInline let index: Int
    @usableFromInline let form: Form

    @usableFromInline init(_ base: String, _ type: FourCC, _ index: Int, _ form: Form) {
        self.base = base
        self.type = type
        self.index = index
        self.form = form
    }

    /// A path given as text.
    @inlinable package static func text(_ s: String) -> PathLabel { PathLabel(s, FourCC(rawValue: 0), 0, .text) }
    /// `type`, or `base/type` below a parent.
    @inlinable package static func child(of base: String, _ type: FourCC) -> PathLabel { PathLabel(base, type, 0, .child) }
    /// `base/type[index]`: the index-th child of its kind's list.
    @inlinable package static func child(of base: String, _ type: FourCC, at index: Int) -> PathLabel {
        PathLabel(base, type, index, .indexedChild)
    }
    /// `base/item[id]`: an item's entry in a table (iloc, ipma).
    @inlinable package static func item(of base: String, _ id: Int) -> PathLabel { PathLabel(base, FourCC(rawValue: 0), id, .item) }
    /// `base[index]:type`: a property of `ipco` by its 1-based index.
    @inlinable package static func property(of base: String, at index: Int, _ type: FourCC) -> PathLabel {
        PathLabel(base, type, index, .property)
    }

    /// `base` then a JPEG segment's name (`APP1#2`, `SOF0`) and `part`, as `JPEG.Segment`
    /// names it (ITU-T T.81 B.1.1.4): the marker byte and the part are kept in `type`.
    static func segment(of base: String, _ marker: JPEG.Marker, ordinal: Int, _ part: JPEG.Segment.Part) -> PathLabel {
        PathLabel(base, FourCC(rawValue: UInt32(marker.rawValue) | part.rawValue << 8), ordinal, .segment)
    }

    /// The path as text.
    package var text: String {
        switch form {
        case .text: return base
        case .child: return base.isEmpty ? "\(type)" : "\(base)/\(type)"
        case .indexedChild: return "\(base)/\(type)[\(index)]"
        case .item: return "\(base)/item[\(index)]"
        case .property: return "\(base)[\(index)]:\(type)"
        case .segment:
            let marker = JPEG.Marker(rawValue: UInt8(truncatingIfNeeded: type.rawValue))
            let part = JPEG.Segment.Part(rawValue: type.rawValue >> 8) ?? .whole
            return JPEG.Segment.path(base, marker, index) + part.suffix
        }
    }
}
