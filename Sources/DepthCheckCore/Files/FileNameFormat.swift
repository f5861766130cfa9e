import AuxData

/// What a file name's extension says the file holds. A photo, a map or a report written under
/// the name of another format is opened by whoever trusts the name with the wrong program
/// (or shown as text), so writers refuse a name whose extension names another format; a name
/// with no extension, or one depthcheck does not know, says nothing and is taken as given.
package enum FileNameFormat: String, Sendable, CaseIterable {
    case jpeg = "JPEG", heif = "HEIF", png = "PNG", tiff = "TIFF", gif = "GIF", webp = "WebP", bmp = "BMP"
    case jpegXL = "JPEG XL", openEXR = "OpenEXR", dng = "DNG", pfm = "PFM", numpy = "NumPy", netpbm = "Netpbm"
    case raw = "raw samples", text = "text", html = "HTML", json = "JSON", xml = "XML", pdf = "PDF", csv = "CSV"

    /// The extensions of each format, lower case, without the dot. JPEG holds its multi-picture
    /// form (`.mpo`, CIPA DC-007); HEIF holds the AV1 form (`.avif`, ISO/IEC 23000-22) and
    /// Canon's `.hif`.
    package var extensions: [String] {
        switch self {
        case .jpeg: return ["jpg", "jpeg", "jpe", "jfif", "mpo"]
        case .heif: return ["heic", "heif", "hif", "heics", "heifs", "avif", "avci"]
        case .png: return ["png"]
        case .tiff: return ["tif", "tiff"]
        case .gif: return ["gif"]
        case .webp: return ["webp"]
        case .bmp: return ["bmp"]
        case .jpegXL: return ["jxl"]
        case .openEXR: return ["exr"]
        case .dng: return ["dng"]
        case .pfm: return ["pfm"]
        case .numpy: return ["npy", "npz"]
        case .netpbm: return ["pgm", "ppm", "pnm", "pbm", "pam"]
        case .raw: return ["raw"]
        case .text: return ["txt", "md", "log"]
        case .html: return ["html", "htm", "xhtml"]
        case .json: return ["json", "jsonl", "ndjson", "sarif"]
        case .xml: return ["xml"]
        case .pdf: return ["pdf"]
        case .csv: return ["csv", "tsv"]
        }
    }

    /// The format `path`'s last component names by its extension (any case), or nil.
    package static func named(by path: String) -> FileNameFormat? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return allCases.first { $0.extensions.contains(ext) }
    }

    /// The format of a photo in `container`.
    package init(_ container: ContainerFormat) {
        self = container == .heif ? .heif : .jpeg
    }
}
