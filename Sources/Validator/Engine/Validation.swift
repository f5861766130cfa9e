import AuxData
import Container

/// Runs the catalog over one file's bytes and grades the result.
package enum Validation {
    /// Every rule, in the order reports list them.
    package static var catalog: [any Rule] { AllRules.list }

    /// The rule a file gets when it cannot be read at all.
    package static let unreadableRule = RuleInfo(
        .structureFileUnreadable, .error, Citation(.jpeg, "Annex B.2.1 (a JPEG starts with SOI); ISO/IEC 14496-12 §4.3 ftyp (a HEIF starts with its file type box)"),
        summary: "The file can be opened and its container headers can be read.",
        fix: "Re-export the photo; the file is truncated, not an image, or its first headers are corrupt.")

    /// The photo in `bytes`, or the report of a file that cannot be read.
    enum Read {
        case photo(ParsedPhoto)
        case unreadable(FileReport)
    }

    static func read(_ bytes: [UInt8], path: String, limits: ParseLimits, parsedHEIF: HEIF.File? = nil,
                     parsedJPEG: JPEG.File? = nil) -> Read {
        let container = PhotoReader.container(of: bytes)
        do {
            return .photo(try PhotoReader.read(bytes, as: container, limits: limits, parsedHEIF: parsedHEIF, parsedJPEG: parsedJPEG))
        } catch {
            return .unreadable(FileReport(path: path, container: container, verdict: .unreadable, photo: nil, outcomes: [],
                                       readError: unreadableRule.finding(error.offset, error.path, error.message)))
        }
    }

    package static func check(bytes: [UInt8], path: String, options: CheckOptions) -> FileReport {
        check(bytes: bytes, path: path, options: options, keepingImages: false).report
    }

    /// The check of what a partial read loaded, with the HEIF or JPEG structure it parsed
    /// already (when it was parsed with the check's limits; otherwise it is parsed again).
    package static func check(_ read: PartialRead, path: String, options: CheckOptions) -> FileReport {
        let same = read.limits == options.limits
        return check(bytes: read.bytes, path: path, options: options, keepingImages: false,
                     parsedHEIF: same ? read.heif : nil, parsedJPEG: same ? read.jpeg : nil).report
    }

    /// The check, with every aux image decoded once and kept, for a caller that draws them
    /// (the HTML report): `decoded` holds every aux image's summary (or why it does not
    /// decode) and `images` the decoded ones by aux index. The pixel rules judge the same
    /// decode under `options.pixels`; without it, the report holds no pixel summaries, as a
    /// check without `--pixels` does.
    package static func check(bytes: [UInt8], path: String, options: CheckOptions, keepingImages: Bool,
                             parsedHEIF: HEIF.File? = nil, parsedJPEG: JPEG.File? = nil)
        -> (report: FileReport, decoded: [AuxPixelSummary], images: [Int: StoredImage]) {
        let photo: ParsedPhoto
        switch read(bytes, path: path, limits: options.limits, parsedHEIF: parsedHEIF, parsedJPEG: parsedJPEG) {
        case .photo(let p): photo = p
        case .unreadable(let report): return (report, [], [:])
        }
        let decoder = AuxDecoder(photo: photo, bytes: bytes, limits: options.limits, cancellation: options.cancellation)
        var images: [Int: StoredImage] = [:]
        var decoded: [AuxPixelSummary] = []
        if keepingImages {
            for aux in photo.auxImages {
                let (summary, image) = AuxPixelSummary.keeping(aux, decoder: decoder)
                decoded.append(summary)
                images[aux.index] = image
            }
        } else if options.pixels {
            // Decoded once, only under --pixels: without it a check never touches coded samples.
            decoded = AuxPixelSummary.all(decoder)
        }
        return (judge(photo, path: path, options: options, pixels: options.pixels ? decoded : [], bytes: bytes), decoded, images)
    }

    /// The photo's luma for the content rules, at `ContentAlignment.workingSide`: decoded once,
    /// at the smallest size its codec gives (a JPEG's scaled IDCT, a HEIF's thumbnail item).
    package static func picture(of photo: ParsedPhoto, bytes: [UInt8], limits: ParseLimits) -> Result<AlignmentGrid, PhotoThumbnail.Failure> {
        do throws(PhotoThumbnail.Failure) {
            let p = try PhotoThumbnail.picture(of: photo, bytes: bytes, maxSide: ContentAlignment.workingSide, limits: limits)
            return .success(AlignmentGrid(luma: p))
        } catch {
            return .failure(error)
        }
    }

    static func judge(_ photo: ParsedPhoto, path: String, options: CheckOptions, pixels: [AuxPixelSummary],
                      bytes: [UInt8]) -> FileReport {
        let grading = Grading(strictness: options.strictness)
        let rules = catalog
        var outcomes: [(rule: RuleInfo, outcome: RuleOutcome)] = []
        outcomes.reserveCapacity(rules.count)
        var worst: FindingSeverity?
        var picture: Result<AlignmentGrid, PhotoThumbnail.Failure>?
        for rule in rules {
            // Read once: each read of a rule's `info` through the existential copies it.
            let info = rule.info
            // An ignored rule is not run, so nothing it alone needs is decoded.
            if options.ignores(info.id) { continue }
            var outcome: RuleOutcome
            if options.pixels, let c = rule as? any ContentRule {
                // Decoded only for a photo with a map to compare, and once for every such rule.
                if picture == nil, pixels.contains(where: { $0.decoded?.preview != nil }) {
                    picture = Self.picture(of: photo, bytes: bytes, limits: options.limits)
                }
                outcome = picture.map { c.evaluate(photo, pixels: pixels, picture: $0, options) } ?? .notApplicable
            } else if options.pixels, let p = rule as? any PixelRule {
                outcome = p.evaluate(photo, pixels: pixels, options)
            } else {
                outcome = rule.evaluate(photo, options)
            }
            // Reader problems of this rule come first: they were met while reading.
            let read = rule.ordersItsReaderProblems ? [] : ReaderProblems.findings(for: info, in: photo.issues)
            if !read.isEmpty { outcome = .failed(read + outcome.findings) }
            outcome = grading.grade(outcome)
            for f in outcome.findings where worst.map({ f.severity > $0 }) ?? true { worst = f.severity }
            outcomes.append((info, outcome))
        }
        let fails = worst.map { $0 >= options.failOn } ?? false
        return FileReport(path: path, container: photo.container, verdict: fails ? .fail : .pass, photo: photo,
                          outcomes: outcomes, readError: nil, pixels: pixels)
    }

    /// What `info` shows: the photo as read, and the reader problems met on the way under
    /// their rules. No rule judges anything, so the verdict is `pass` unless the file cannot
    /// be read.
    /// With `pixels`, every aux image is decoded too and its statistics are in the report.
    package static func describe(bytes: [UInt8], path: String, limits: ParseLimits, pixels: Bool = false) -> FileReport {
        let photo: ParsedPhoto
        switch read(bytes, path: path, limits: limits) {
        case .photo(let p): photo = p
        case .unreadable(let report): return report
        }
        let outcomes = catalog.compactMap { rule -> (rule: RuleInfo, outcome: RuleOutcome)? in
            let read = ReaderProblems.findings(for: rule.info, in: photo.issues)
            return read.isEmpty ? nil : (rule.info, .failed(read))
        }
        let decoded = pixels ? AuxPixelSummary.all(AuxDecoder(photo: photo, bytes: bytes, limits: limits)) : []
        return FileReport(path: path, container: photo.container, verdict: .pass, photo: photo, outcomes: outcomes, readError: nil,
                          pixels: decoded)
    }

    /// A report for a file that could not be opened or read.
    package static func unreadable(path: String, message: String) -> FileReport {
        FileReport(path: path, container: nil, verdict: .unreadable, photo: nil, outcomes: [],
                   readError: unreadableRule.finding(nil, "", message))
    }
}

extension RuleID {
    /// `structure.file.unreadable`, the rule of a file that cannot be read at all.
    package static let structureFileUnreadable = RuleID(rawValue: "structure.file.unreadable")
}
