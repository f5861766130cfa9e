/// Why a writer wrote nothing: what it would not or could not write, where in its input, and
/// why. A writer that must read its input to rewrite it reports what it could not read as
/// `input`, with the parser's code; everything else is the writer's own refusal. Equality
/// compares the reason and the offset, as `ParseError`'s does.
package struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the writer could not do.
    package enum Reason: Sendable, Equatable {
        /// An image the writer must copy has no known end (no EOI was found), so its bytes
        /// cannot be delimited (T.81 B.2.1: an image ends with EOI).
        case imageWithoutEnd
        /// A size or offset does not fit its field (CIPA DC-007 §5.2.3.3: MP entry fields are
        /// LONG; ISO/IEC 14496-12 §8.11.3: iloc fields of the chosen size).
        case fieldOverflow
        /// What the writer was asked to write is not an image it can place or encode.
        case notAnImage
        /// A map the encoder cannot store at its own size (a side over 65,500, libheif's limit).
        case mapSizeUnsupported
        /// Bytes the writer would have to drop or corrupt because it cannot read them: a box
        /// or item it does not understand where it must rebuild, data after the last image
        /// that no index describes, an MP entry that locates no image.
        case unreadable
        /// A removed item's bytes cannot be taken out of the file: they lie outside an `mdat`
        /// (ISO/IEC 14496-12 §8.1.1), or a kept structure the writer does not rewrite locates
        /// them.
        case cannotRemove
        /// What was asked to be added has no place the writer can give it without changing
        /// what the file holds: a second Extended XMP packet for a primary that has one (Adobe
        /// XMP Specification Part 3 §1.1.3.1 allows one per file), a description too large.
        case cannotAdd
        /// The input did not parse where the writer had to read it: the parser's code.
        case input(ParseError.Code)

        /// The reason in words, for an error that carries no detail.
        package var summary: String {
            switch self {
            case .imageWithoutEnd: return "image without end"
            case .fieldOverflow: return "a value is too large for the field that must hold it"
            case .notAnImage: return "not an image"
            case .mapSizeUnsupported: return "map size unsupported"
            case .unreadable: return "unreadable"
            case .cannotRemove: return "cannot remove"
            case .cannotAdd: return "cannot add"
            case .input(let code): return code.summary
            }
        }
    }

    package let reason: Reason
    /// Absolute offset in the input of what the writer could not write past.
    package let offset: Int
    /// Where in the structure: `meta/iloc/item[54]`, `APP2#1/MPF`.
    package let path: String
    /// Human explanation with the actual values.
    package let detail: String

    package init(_ reason: Reason, at offset: Int, path: String, _ detail: String = "") {
        self.reason = reason
        self.offset = offset
        self.path = path
        self.detail = detail
    }

    /// A parse failure of the writer's input, reported as the writer's.
    package init(_ error: ParseError) {
        self.init(.input(error.code), at: error.offset, path: error.path, error.detail)
    }

    package static func == (a: WriteError, b: WriteError) -> Bool {
        a.reason == b.reason && a.offset == b.offset
    }

    /// What went wrong, for people: the detail, or when there is none the reason in words.
    package var message: String { detail.isEmpty ? reason.summary : detail }

    /// The message and, once, where, worded as a `ParseError` words it.
    package var description: String { ParseError.worded(message, offset: offset, path: path) }

    /// `value`, read from the writer's input; a parse failure in it becomes the writer's
    /// (`input`).
    package static func reading<T>(_ value: @autoclosure () throws(ParseError) -> T) throws(WriteError) -> T {
        do throws(ParseError) { return try value() } catch { throw WriteError(error) }
    }
}
