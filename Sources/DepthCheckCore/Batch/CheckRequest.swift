import AuxData
import Validator

/// What one check of a batch is asked to do beyond the catalog's defaults, and the check of
/// one file so asked: read as much of the file as the request needs, judge it, never throw.
package struct CheckRequest: Sendable, Equatable {
    /// An aux image a file must carry, or fail.
    package typealias Requirement = AuxRequirement

    /// Every should-rule (a warning) judged as a shall-rule (an error).
    package var strict = false
    /// The lowest severity that fails a file.
    package var failOn: FindingSeverity = .error
    /// Aux images every file must carry.
    package var require: [Requirement] = []
    /// Bounds on what a file may make the check allocate or walk.
    package var limits = ReadLimits.default
    /// Decode every aux image and run the pixel rules.
    package var pixels = false
    /// Rules not run, each named by its id or by an area of ids (`geometry.content`); see
    /// `RuleCatalog.names(_:)`. An ignored rule is left out of the report.
    package var ignoredRules: [String] = []
    /// For the HTML report: read the whole file and draw its pictures, at most this many pixels
    /// on their longer side (``ReportVisuals/maxSide(files:)``). Nil draws nothing.
    package var pictureSide: Int? = nil

    /// The catalog's defaults: errors fail, nothing required, nothing decoded.
    package init() {}

    /// The check of the file at `path`, read into a buffer of `buffers`; `cancellation` stops
    /// its decodes. A file that cannot be read is an unreadable report, never a throw.
    package func check(path: String, buffers: ReadBufferPool, cancellation: CheckCancellation? = nil) -> ValidationReport {
        var options = self.options
        options.cancellation = cancellation?.decoding
        do {
            // Decoding (pixels, the report's pictures) reads coded aux data, which a partial
            // read leaves out of a HEIF; the report's picture of the photo reads more.
            if let side = pictureSide {
                let bytes = try PhotoFile.read(path, .whole)
                return ValidationReport(ReportVisuals.checked(bytes: bytes, path: path, options: options, maxSide: side))
            }
            return try buffers.with { buffer in
                try PhotoFile.withContents(of: path, pixels ? .structureAndAuxData : .structure, limits: options.limits,
                                           reusing: buffer) { bytes, read in
                    ValidationReport(read.map { Validation.check($0, path: path, options: options) }
                        ?? Validation.check(bytes: bytes, path: path, options: options))
                }
            }
        } catch {
            return Self.unreadable(path: path, message: "\(error)")
        }
    }

    /// The check of a photo held in memory, named `path` in the report.
    package func check(bytes: [UInt8], path: String) -> ValidationReport {
        ValidationReport(Validation.check(bytes: bytes, path: path, options: options))
    }

    /// The report of a file that could not be read, for `message`.
    package static func unreadable(path: String, message: String) -> ValidationReport {
        ValidationReport(Validation.unreadable(path: path, message: message))
    }

    /// What `depthcheck info` shows of the file at `path`: its structure and aux data, and with
    /// `pixels` each aux image's value statistics. No rule is run.
    package static func describe(path: String, limits: ReadLimits, pixels: Bool) -> ValidationReport {
        do {
            // Decoding reads the aux images' coded data, which a partial read leaves out of a HEIF.
            let bytes = try PhotoFile.read(path, pixels ? .whole : .structure)
            return ValidationReport(Validation.describe(bytes: bytes, path: path, limits: limits.parse, pixels: pixels))
        } catch {
            return unreadable(path: path, message: "\(error)")
        }
    }

    var options: CheckOptions {
        var options = CheckOptions(strictness: strict ? .strict : .normal,
                     failOn: failOn,
                     require: require,
                     limits: limits.parse,
                     pixels: pixels)
        options.ignored = ignoredRules
        return options
    }
}
