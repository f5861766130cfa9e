extension HEIF {
    /// The top level of an ISOBMFF file: `ftyp` first, then the boxes up to the end of the
    /// file, of which the first `meta` is the one read (ISO/IEC 14496-12 §4.3, §8.11.1;
    /// ISO/IEC 23008-12 §6.2).
    struct TopLevel {
        let fileType: BMFF.FileTypeBox
        let headers: [BMFF.BoxHeader]
        let meta: BMFF.Box
        let repeatedMeta: [RepeatedBox]

        init(parsing bytes: [UInt8], context: inout BMFF.ParseContext) throws(ParseError) {
            var r = ByteReader(bytes)
            var headers: [BMFF.BoxHeader] = []
            var ftyp: BMFF.FileTypeBox? = nil
            var meta: BMFF.Box? = nil
            var repeated: [RepeatedBox] = []
            while !r.isAtEnd {
                let box: BMFF.Box
                do throws(ParseError) {
                    box = try context.nextBox(in: &r, depth: 0) { .child(of: "", $0) }
                } catch {
                    // Once meta has been found the items can still be described; a broken box
                    // after it (typically a truncated mdat) is an issue, not a failure.
                    if meta == nil || context.walkLimitReached { throw error }
                    context.issues.append(error)
                    break
                }
                headers.append(box.header)
                if headers.count == 1 {
                    // §4.3: ftyp comes first; a file that does not start with one is not ISOBMFF.
                    guard box.type == BMFF.BoxType.ftyp else {
                        throw ParseError(.ftypMissing, at: 0, path: "", "the first box is '\(box.type)', not 'ftyp'")
                    }
                    var c = box.content
                    ftyp = try BMFF.FileTypeBox(parsing: &c)
                } else if box.type == BMFF.BoxType.ftyp {
                    // §4.3.1: exactly one ftyp; readers disagree on which one counts.
                    repeated.append(RepeatedBox(type: box.type, offset: box.header.offset, path: "ftyp", parent: nil))
                } else if box.type == BMFF.BoxType.meta {
                    if meta == nil {
                        meta = box
                    } else {
                        repeated.append(RepeatedBox(type: box.type, offset: box.header.offset, path: "meta", parent: nil))
                    }
                }
            }
            guard let fileType = ftyp else {
                throw ParseError(.ftypMissing, at: 0, path: "", "the file has no ftyp box")
            }
            guard let m = meta else {
                // A low-overhead file (ISO/IEC 23008-12 Annex O) describes its image in a mini
                // box; readers see it through HEIF.MinimizedImage.expanding. Here it is either
                // a mini box that cannot be read (its own error says why) or one handed to a
                // writer, which does not rewrite such files.
                if let mini = headers.first(where: { $0.type == BMFF.BoxType.mini }) {
                    _ = try HEIF.MinimizedImage(parsing: bytes, box: mini, brand: FourCC(rawValue: fileType.minorVersion))
                    throw ParseError(.miniNotRewritten, at: mini.offset, path: "mini",
                                     "the image is in a low-overhead mini box (ISO/IEC 23008-12 Annex O), which is read but not rewritten")
                }
                throw ParseError(.metaMissing, at: bytes.count, path: "", "the file has no top-level meta box")
            }
            self.fileType = fileType
            self.headers = headers
            self.meta = m
            self.repeatedMeta = repeated
        }
    }
}
