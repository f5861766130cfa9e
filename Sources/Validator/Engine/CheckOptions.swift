import AuxData
import Container

/// What a check is asked to do beyond the catalog's defaults.
package struct CheckOptions: Sendable {
    /// `--require`: the file must carry an aux image of this kind.
    package typealias Requirement = AuxRequirement

    package var strictness: Strictness
    /// Lowest severity that makes the file fail.
    package var failOn: FindingSeverity
    package var require: [Requirement]
    package var limits: ParseLimits
    /// `--pixels`: decode every aux image and run the pixel rules. Without it nothing is
    /// decoded and the pixel rules are not applicable.
    package var pixels: Bool
    /// Stops the pixel decodes of `--pixels` once set (`check --timeout`); the pixel rules then
    /// report the images as not decoded.
    package var cancellation: Cancellation?
    /// `--ignore`: rules not run, each named by its id or by an area of ids
    /// (`geometry.content` for `geometry.content.misaligned` and `.unrelated`).
    package var ignored: [String] = []

    /// Whether `id` is one of `ignored`, or in an area of it.
    package func ignores(_ id: RuleID) -> Bool {
        guard !ignored.isEmpty else { return false }
        let raw = id.rawValue
        return ignored.contains { raw == $0 || raw.hasPrefix($0 + ".") }
    }

    package init(strictness: Strictness = .normal, failOn: FindingSeverity = .error, require: [Requirement] = [],
                limits: ParseLimits = .default, pixels: Bool = false) {
        self.strictness = strictness
        self.failOn = failOn
        self.require = require
        self.limits = limits
        self.pixels = pixels
    }
}
