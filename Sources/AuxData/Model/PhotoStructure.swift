import Container

/// The container as Container read it: immutable values that structure rules judge. The
/// photo model (`ParsedPhoto`) says what the file means; this says how its bytes are laid out.
package enum PhotoStructure: Sendable {
    case jpeg(JPEG.File)
    case heif(HEIF.File)
    /// A HEIF that holds only an image sequence (`moov`, no `meta`): no still image to judge.
    case imageSequence(HEIF.ImageSequence)

    /// The JPEG file, when the photo is a JPEG.
    package var jpeg: JPEG.File? {
        if case .jpeg(let f) = self { return f }
        return nil
    }

    /// The image sequence, when the file holds one and no still image.
    package var imageSequence: HEIF.ImageSequence? {
        if case .imageSequence(let s) = self { return s }
        return nil
    }

    /// The HEIF file, when the photo is a HEIF.
    package var heif: HEIF.File? {
        if case .heif(let f) = self { return f }
        return nil
    }
}
