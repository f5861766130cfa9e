import ArgumentParser
import DepthCheckCore

/// Options that bound what a file may make depthcheck allocate or walk: each sets one
/// `ReadLimits` field, which every declared count and size is checked against.
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-pixels"), help: "Largest aux image, in pixels.")
    var maxPixels: Int?
    @Option(name: .customLong("max-xmp-bytes"), help: "Largest XMP packet, in bytes.")
    var maxXMPBytes: Int?
    @Option(name: .customLong("max-items"), help: "Most HEIF items or MPF entries.")
    var maxItems: Int?
    @Option(name: .customLong("max-nesting"), help: "Deepest nesting of boxes or IFDs.")
    var maxNesting: Int?
    @Option(name: .customLong("max-boxes"), help: "Most boxes in a file or segments in an image.")
    var maxBoxes: Int?
    @Option(name: .customLong("max-extents"), help: "Most extents of one HEIF item.")
    var maxExtents: Int?
    @Option(name: .customLong("max-references"), help: "Most item references, reference targets or properties.")
    var maxReferences: Int?
    @Option(name: .customLong("max-allocation"), help: "Most bytes one decode or reassembly may allocate.")
    var maxAllocation: Int?

    /// Each option with the limit it sets.
    private var given: [(value: Int?, limit: WritableKeyPath<ReadLimits, Int>)] {
        [(maxPixels, \.maxPixels), (maxXMPBytes, \.maxXMPBytes), (maxItems, \.maxItems), (maxNesting, \.maxNesting),
         (maxBoxes, \.maxBoxes), (maxExtents, \.maxExtentsPerItem), (maxReferences, \.maxReferences),
         (maxAllocation, \.maxAllocation)]
    }

    var limits: ReadLimits {
        var l = ReadLimits()
        for (value, limit) in given { if let v = value { l[keyPath: limit] = v } }
        return l
    }

    func validate() throws {
        guard given.allSatisfy({ ($0.value ?? 0) >= 0 }) else { throw ValidationError("limits must not be negative") }
    }
}
