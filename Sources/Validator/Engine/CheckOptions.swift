import AuxData
import Container

/// What a check is asked to do beyond the catalog's defaults.
public struct CheckOptions: Sendable {
    /// `--require`: the file must carry an aux image of this kind.
    public enum Requirement: String, Sendable {
        case depth, disparity, matte, gainmap
    }

    public var strictness: Strictness
    /// Lowest severity that makes the file fail.
    public var failOn: Severity
    public var require: [Requirement]
    public var limits: ParseLimits
    /// `--pixels`: decode every aux image and run the pixel rules. Without it nothing is
    /// decoded and the pixel rules are not applicable.
    public var pixels: Bool
    /// Stops the pixel decodes of `--pixels` once set (`check --timeout`); the pixel rules then
    /// report the images as not decoded.
    public var cancellation: Cancellation?

    public init(strictness: Strictness = .normal, failOn: Severity = .error, require: [Requirement] = [],
                limits: ParseLimits = .default, pixels: Bool = false) {
        self.strictness = strictness
        self.failOn = failOn
        self.require = require
        self.limits = limits
        self.pixels = pixels
    }
}
