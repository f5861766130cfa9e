import AuxData
import Container

/// Samsung's SEF directory locates each block by an offset back from `SEFH` and a size; a block
/// lies in the trailer, between the end of the images and the directory. An entry that points
/// before the file's start, into the images, or over the directory locates no block: what it
/// names (a Motion Photo's video, a DualShot depth map) cannot be read, as ExifTool reports
/// ("Error processing Samsung trailer"). No specification says "shall": a warning.
struct SamsungTrailerEntryOutOfBounds: Rule {
    let info = RuleInfo(
        .structureJPEGSamsungEntryOutOfBounds, .warning,
        Citation(.samsungTrailer, "SEFH directory: each entry's block offset (back from SEFH) and size"),
        summary: "Each entry of a Samsung SEF directory locates a block inside the trailer, before the directory.",
        fix: "The trailer was cut or moved without its directory: write the directory again with the blocks' offsets, or keep the file as the phone wrote it.")

    func evaluate(_ photo: ParsedPhoto, _ options: CheckOptions) -> RuleOutcome {
        guard let file = photo.structure.jpeg, let dir = file.samsungDirectory else { return .notApplicable }
        let trailerStart = file.trailingBytes?.lowerBound ?? dir.start
        var out: [RuleFinding] = []
        for e in dir.entries {
            let hex = String(e.type, radix: 16, uppercase: true)
            let what = "entry \(e.number + 1) (type 0x\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
            let path = "SEFH/entry[\(e.number + 1)]"
            if e.start < 0 {
                out.append(info.finding(e.offset, path, "\(what) points \(-e.start) bytes before the start of the file"))
            } else if e.start < trailerStart {
                out.append(info.finding(e.offset, path, "\(what) points to offset \(e.start), inside the images, before the trailer starts at \(trailerStart)"))
            } else if e.start +? e.size ?? Int.max > dir.start {
                out.append(info.finding(e.offset, path, "\(what) block of \(e.size) bytes at \(e.start) runs past the directory at \(dir.start)"))
            } else if e.data == nil {
                out.append(info.finding(e.offset, path, "\(what) block of \(e.size) bytes at \(e.start) cannot hold its name"))
            }
        }
        if Int(dir.declaredCount) > dir.entries.count {
            out.append(info.finding(dir.start + 8, "SEFH", "the directory declares \(dir.declaredCount) entries but has room for \(dir.entries.count)"))
        }
        return .from(out)
    }
}

extension RuleID {
    /// `structure.jpeg.samsung-entry-out-of-bounds`, checked by this file's rule.
    package static let structureJPEGSamsungEntryOutOfBounds = RuleID(rawValue: "structure.jpeg.samsung-entry-out-of-bounds")
}
