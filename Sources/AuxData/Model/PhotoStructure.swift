import Container

/// The container as Container read it: immutable values that structure rules judge. The
/// photo model (`DepthPhoto`) says what the file means; this says how its bytes are laid out.
public enum PhotoStructure: Sendable {
    case jpeg(JPEG.File)
    case heif(HEIF.File)

    /// The JPEG file, when the photo is a JPEG.
    public var jpeg: JPEG.File? {
        if case .jpeg(let f) = self { return f }
        return nil
    }

    /// The HEIF file, when the photo is a HEIF.
    public var heif: HEIF.File? {
        if case .heif(let f) = self { return f }
        return nil
    }
}
