// Arithmetic on values that come from a file. A hostile file can declare any size, so sums
// and products of file values are computed here, where overflow is a nil or a thrown
// ParseError instead of a trap.

infix operator +? : AdditionPrecedence
infix operator -? : AdditionPrecedence
infix operator *? : MultiplicationPrecedence

/// Sum, or nil when it overflows.
@inlinable package func +? (a: Int, b: Int) -> Int? {
    let (r, o) = a.addingReportingOverflow(b)
    return o ? nil : r
}

/// Difference, or nil when it overflows.
@inlinable package func -? (a: Int, b: Int) -> Int? {
    let (r, o) = a.subtractingReportingOverflow(b)
    return o ? nil : r
}

/// Product, or nil when it overflows.
@inlinable package func *? (a: Int, b: Int) -> Int? {
    let (r, o) = a.multipliedReportingOverflow(by: b)
    return o ? nil : r
}

extension Optional where Wrapped == Int {
    /// The value, or an `arithmeticOverflow` error naming the place.
    @inlinable package func orOverflow(at offset: Int, path: @autoclosure () -> String) throws(ParseError) -> Int {
        guard let v = self else {
            throw ParseError(.arithmeticOverflow, at: offset, path: path(), "size arithmetic overflows")
        }
        return v
    }
}

extension Int {
    /// A file value converted to `Int`; fails only on 32-bit hosts for values above Int.max.
    @inlinable package static func checked<T: BinaryInteger>(_ v: T, at offset: Int, path: String) throws(ParseError) -> Int {
        guard let r = Int(exactly: v) else {
            throw ParseError(.arithmeticOverflow, at: offset, path: path, "value \(v) does not fit in Int")
        }
        return r
    }
}
