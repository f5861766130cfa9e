import Container

/// How an image's samples are coded: what a decoder is chosen by, and what `info` and the
/// JSON record print (`jpeg`, `png`, `hvc1`, `av01`, `grid`).
public enum Codec: Sendable, Hashable, CustomStringConvertible {
    /// A JPEG stream (ISO/IEC 10918-1): a JPEG file's images, an embedded JPEG, a HEIF `jpeg` item.
    case jpeg
    /// A PNG stream (ISO/IEC 15948): GDepth, Dynamic Depth and XDM maps.
    case png
    /// A HEIF item of this type (ISO/IEC 23008-12 §6.5, §6.6): `hvc1`, `av01`, and the derived
    /// `grid`, `iden`, `iovl`.
    case item(FourCC)
    /// A HEIF file with no primary item.
    case none
    /// A HEIF image sequence's track, read as the primary.
    case sequence
    /// An embedded image whose bytes are neither a PNG nor a JPEG, named by what its description
    /// declares (a MIME type, or nothing).
    case declared(String)

    /// The codec a HEIF item of type `type` is coded with.
    package init(itemType type: FourCC) {
        self = type == FourCC("jpeg") ? .jpeg : .item(type)
    }

    /// The codec printed as `name`: `jpeg`, `png`, `none`, `sequence`, a four-character item
    /// type, else a declared name.
    package init(_ name: String) {
        switch name {
        case "jpeg": self = .jpeg
        case "png": self = .png
        case "none": self = .none
        case "sequence": self = .sequence
        default: self = name.utf8.count == 4 ? .item(FourCC(string: name)) : .declared(name)
        }
    }

    /// HEVC (`hvc1`), AV1 (`av01`) and the grid derivation (`grid`): the item types the
    /// readers and rules name.
    public static let hevc = Codec.item(FourCC("hvc1"))
    /// AV1 (`av01`, AV1 Image File Format §2.2.1).
    public static let av1 = Codec.item(FourCC("av01"))
    /// The grid derivation (`grid`, ISO/IEC 23008-12 §6.6.2.3).
    public static let grid = Codec.item(FourCC("grid"))

    /// The name `info` and the JSON record give it.
    public var description: String {
        switch self {
        case .jpeg: return "jpeg"
        case .png: return "png"
        case .item(let t): return t.description
        case .none: return "none"
        case .sequence: return "sequence"
        case .declared(let name): return name
        }
    }
}
