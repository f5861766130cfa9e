import AuxData
import Container
import Validator

/// A photo about to be written with maps added or aux images removed, as `depthcheck embed`
/// and `strip` write it: the policy of what is refused (before anything is made) and the
/// edit itself, whose result is checked as `check --pixels` would and refused with an error.
///
/// Refusals are ``DepthCheckError`` values: `refused` names the rule the result would break,
/// `invalidRequest` a request that cannot be carried out, `unreadable` a photo or map that
/// cannot be read, `wouldFailCheck` a result with errors, `failed` depthcheck's own failure.
public struct PhotoEditor: Sendable {
    /// The photo's bytes: the input, or a new photo encoded from its pixels.
    public let bytes: [UInt8]
    /// What messages call the input.
    public let name: String
    /// The format the input's pixels were read from when they were encoded as a new primary
    /// (`png`, `ppm`, `jpeg`); nil when the input's own primary is kept.
    public let encodedFrom: String?
    /// Whether maps are given in the photo's display frame and are turned into its stored
    /// frame (Exif Orientation, irot/imir) before they are stored.
    public let orient: Bool
    let photo: ParsedPhoto
    let limits: ParseLimits

    /// The container a name asks for: `.jpg`/`.jpeg` or `.heic`/`.heif`, any case; nil for others.
    public static func container(named path: String) -> ContainerFormat? {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        if name.hasSuffix(".jpg") || name.hasSuffix(".jpeg") { return .jpeg }
        if name.hasSuffix(".heic") || name.hasSuffix(".heif") { return .heif }
        return nil
    }

    /// The JPEG or HEIC in `bytes` (named `name`), edited as it is: its primary's coded bytes
    /// are kept. Nothing is encoded, whatever the name of the output (`strip`, `removing`).
    public init(photo bytes: [UInt8], name: String, orient: Bool = false, limits: ReadLimits = .default) throws(DepthCheckError) {
        try self.init(bytes: bytes, encodedFrom: nil, name: name, orient: orient, limits: limits.parse)
    }

    /// The photo in `input` (named `name`), to be written as `output` (`embed`).
    ///
    /// A JPEG or HEIC is edited as it is when `output` names its container or none; otherwise
    /// its pixels (a PNG, a binary PPM, or a JPEG without aux images going to a HEIC) are
    /// encoded as a new primary in the container `output` names, at `quality` (1–100), and
    /// `willEncode` is told the size first (a 12-megapixel HEVC encode takes seconds).
    public init(input: [UInt8], name: String, output: String, quality: Int = EmbedRequest.defaultQuality,
                orient: Bool = false, limits: ReadLimits = .default,
                willEncode: (_ width: Int, _ height: Int, _ container: ContainerFormat) -> Void = { _, _, _ in }) throws(DepthCheckError) {
        let wanted = Self.container(named: output)
        let existing = PhotoReader.container(of: input)
        if let existing, wanted == nil || wanted == existing {
            try self.init(photo: input, name: name, orient: orient, limits: limits)
            return
        }
        if existing == .heif {
            throw .invalidRequest(message: "\(name) is a HEIF file: embed writes it as one; give -o ending in .heic or .heif")
        }
        guard let format = PhotoPixels.format(of: input) else {
            throw .unreadable(message: "\(name): not a JPEG, HEIC, PNG or binary PPM (P6) file", offset: nil, path: "")
        }
        guard let wanted else {
            throw .invalidRequest(message: "\(name) is a \(format.rawValue): give -o ending in .jpg, .jpeg, .heic or .heif to encode it as a new photo")
        }
        if format == .jpeg {
            // Neither a JPEG's aux images nor its Exif Orientation would come along into the new HEIC.
            let photo = try Self.read(input, name: name, limits: .default)
            if !photo.auxImages.isEmpty {
                throw .invalidRequest(message: "\(name) has aux images (\(photo.auxImages.map(\.kind.rawValue).joined(separator: ", "))), which a new HEIC would not keep; strip them first or write a JPEG")
            }
            if let o = photo.primary.orientation, o != 1 {
                throw .invalidRequest(message: "\(name) has Exif Orientation \(o), which a new HEIC would not keep; write a JPEG")
            }
        }
        let pixels: PhotoPixels
        do { pixels = try PhotoPixels(parsing: input, limits: limits.parse) } catch {
            throw .unreadable(message: "\(name): \(error)", offset: nil, path: "")
        }
        willEncode(pixels.width, pixels.height, wanted)
        let encoded: [UInt8]
        do {
            encoded = wanted == .heif ? try PrimaryEncoder.heic(pixels, quality: quality) : try PrimaryEncoder.jpeg(pixels, quality: quality)
        } catch {
            throw .failed(message: "cannot encode \(name) as a new primary: \(error)")
        }
        try self.init(bytes: encoded, encodedFrom: format.rawValue, name: name, orient: orient, limits: limits.parse)
    }

    init(bytes: [UInt8], encodedFrom: String?, name: String, orient: Bool, limits: ParseLimits) throws(DepthCheckError) {
        self.bytes = bytes
        self.encodedFrom = encodedFrom
        self.name = name
        self.orient = orient
        self.limits = limits
        photo = try Self.read(bytes, name: name, limits: limits)
    }

    static func read(_ bytes: [UInt8], name: String, limits: ParseLimits) throws(DepthCheckError) -> ParsedPhoto {
        do { return try PhotoReader.read(bytes, limits: limits) } catch {
            throw .unreadable(message: "\(name): \(error)", offset: nil, path: "")
        }
    }

    /// The primary's stored size.
    public var primarySize: (width: Int, height: Int) { (photo.primary.width, photo.primary.height) }

    /// The aux images the photo has now.
    public var auxImages: [AuxImage] { photo.auxImages.sorted { $0.index < $1.index }.map(AuxImage.init) }
}
