import Container

/// How a fixture box writes its size field (the `BoxSize` of mp4parse's test assembler).
package enum BoxSize: Sendable {
    /// The correct 32-bit size.
    case auto
    /// This 32-bit value, right or wrong.
    case unchecked(UInt32)
    /// Size field 1 and the correct 64-bit largesize.
    case large
    /// Size field 1 and this 64-bit largesize, right or wrong.
    case uncheckedLarge(UInt64)
    /// Size field 0: "to the end of the enclosing container".
    case toEnd
}
