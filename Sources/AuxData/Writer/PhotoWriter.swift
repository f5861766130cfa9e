import Container

/// Writes a photo's container again from what its reader found: the JPEG writer
/// (`JPEG.MultiPictureFile`) or the HEIF writer (`HEIF.ItemEditor`). Neither decodes nor
/// encodes an image: every image's coded bytes are copied.
package enum PhotoWriter {
    /// `bytes` read and written again with no change asked for. What the writer repairs on
    /// the way (an MPF entry size or offset that is wrong, zero padding after the last JPEG
    /// image, a HEIF `iloc` whose base offsets or lengths of 0 it makes explicit) shows in the
    /// output; the model and the coded data do not change. What it cannot place it does not
    /// leave out: it keeps it (an unindexed JPEG after the last image, a box it does not know,
    /// a truncated last box) or throws `WriteError.unreadable` naming it (non-zero JPEG bytes no MP
    /// entry describes, an MP entry that reaches no image, a HEIF `iinf`/`iref`/`iprp`/`iloc`
    /// child that could not be read).
    package static func rewrite(_ bytes: [UInt8], limits: ParseLimits = .default) throws(WriteError) -> [UInt8] {
        switch PhotoReader.container(of: bytes) {
        case .jpeg: return try JPEG.MultiPictureFile(parsing: bytes, limits: limits).serialized()
        case .heif: return try HEIF.ItemEditor(parsing: bytes, limits: limits).serialized()
        case nil:
            throw WriteError(ParseError(.unknownFormat, at: 0, path: "", "neither a JPEG (FF D8) nor an ISOBMFF/HEIF file (ftyp at offset 4)"))
        }
    }

    /// How a HEIF file is cut short (`HEIF.CutShort`: its last box or an item's data runs past
    /// its end), as one line; nil for a whole file, a JPEG (whose writer refuses a primary
    /// without EOI and an MP image it cannot read to its EOI) or a file that cannot be read.
    package static func cutShort(_ bytes: [UInt8], limits: ParseLimits = .default) -> String? {
        guard PhotoReader.container(of: bytes) == .heif, let file = try? HEIF.File(parsing: bytes, limits: limits) else { return nil }
        return HEIF.CutShort(file, bytes: bytes)?.description
    }
}
