import Container

extension DynamicDepthDescription {
    /// The bytes the Directory says follow the primary image: the Length of every item after
    /// the first (Dynamic Depth 1.0 §Container: the first item is the primary itself, the
    /// others are concatenated after its EOI in Directory order). Int.max when the sum overflows.
    package var payloadLength: Int {
        items.dropFirst().reduce(0) { ($0 +? max(0, $1.length ?? 0)) ?? Int.max }
    }
}
