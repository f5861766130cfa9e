/// Decimal text read exactly without a general conversion, where that is possible: Clinger's
/// fast path (W. D. Clinger, "How to Read Floating Point Numbers Accurately", PLDI 1990). A
/// decimal whose significant digits make an integer of at most 2^53 and whose power of ten lies
/// within ±22 is that integer and that power, both exact doubles, multiplied or divided once,
/// and IEEE 754 rounds that one operation correctly: the result is the double nearest the
/// decimal, as `Double(String)` gives it. Apple's depth calibration writes dozens of reals per
/// photo, and about two in three of them (`6112.78125`, `0.001000`) are of this form.
enum ExactDecimal {
    /// The value of `text` (`[+-]digits[.digits][(e|E)[+-]digits]`), or nil when the text is
    /// not of that form or is outside the fast path (the caller converts it in general).
    static func value(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = text.count
        var i = 0
        var negative = false
        if i < n, text[i] == 0x2D || text[i] == 0x2B {
            negative = text[i] == 0x2D
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0, scale = 0
        var sawDigit = false, sawPoint = false
        while i < n {
            let c = text[i]
            if c == 0x2E {
                guard !sawPoint else { return nil }
                sawPoint = true
            } else if c >= 0x30 && c <= 0x39 {
                sawDigit = true
                if mantissa != 0 || c != 0x30 { significant += 1 }
                // 19 digits fit in 64 bits; past 2^53 the fast path does not apply anyway.
                guard significant <= 19 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(c &- 0x30)
                if sawPoint { scale -= 1 }
            } else {
                break
            }
            i += 1
        }
        guard sawDigit else { return nil }
        if i < n {
            guard text[i] == 0x65 || text[i] == 0x45 else { return nil }
            i += 1
            var negativeExponent = false
            if i < n, text[i] == 0x2D || text[i] == 0x2B {
                negativeExponent = text[i] == 0x2D
                i += 1
            }
            var exponent = 0, digits = 0
            while i < n, text[i] >= 0x30, text[i] <= 0x39 {
                guard digits < 4 else { return nil }
                exponent = exponent * 10 + Int(text[i] &- 0x30)
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            scale += negativeExponent ? -exponent : exponent
        }
        guard i == n, mantissa <= 1 << 53, scale >= -22, scale <= 22 else { return nil }
        let power = powersOfTen[scale < 0 ? -scale : scale]
        let magnitude = scale < 0 ? Double(mantissa) / power : Double(mantissa) * power
        return negative ? -magnitude : magnitude
    }

    /// 10^0 ... 10^22: every one an exact double (5^22 < 2^53).
    static let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
                                        1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]
}
