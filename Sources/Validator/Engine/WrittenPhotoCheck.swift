import AuxData
import Container

/// The check every photo depthcheck writes must pass before a byte of it reaches disk: the
/// whole catalog with the pixel rules (`check --pixels`), in memory. A writer refuses a result
/// with an error-level finding instead of writing a file its own `check` would fail.
package enum WrittenPhotoCheck {
    /// The error-level findings of `bytes` (a file that cannot be read again is one finding,
    /// `structure.file.unreadable`); empty when the result may be written.
    package static func errors(in bytes: [UInt8], path: String, limits: ParseLimits = .default) -> [RuleFinding] {
        Validation.check(bytes: bytes, path: path, options: CheckOptions(limits: limits, pixels: true))
            .findings.filter { $0.severity >= .error }
    }
}
