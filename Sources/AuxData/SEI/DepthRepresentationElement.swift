/// One depth_rep_info_element (ITU-T H.265 Annex F.14, depth representation information
/// SEI): a sign, a 7-bit exponent and a mantissa of 1 to 32 bits, a floating-point format
/// shared with the camera parameters of the multiview extensions.
package struct DepthRepresentationElement: Sendable, Equatable {
    /// da_sign_flag: 1 = negative.
    package var sign: Bool
    /// da_exponent, 0...127.
    package var exponent: UInt8
    /// da_mantissa_len_minus1 + 1, 1...32.
    package var mantissaLength: Int
    /// da_mantissa.
    package var mantissa: UInt32

    package init(sign: Bool, exponent: UInt8, mantissaLength: Int, mantissa: UInt32) {
        self.sign = sign
        self.exponent = exponent
        self.mantissaLength = mantissaLength
        self.mantissa = mantissa
    }

    /// The value, or nil for exponent 127, which the specification leaves unspecified.
    ///
    /// 0 < e < 127: (−1)^s · 2^(e−31) · (1 + m ÷ 2^v); e = 0: (−1)^s · 2^−(30+v) · m, with v the
    /// mantissa length. Both are exact in a Double (at most 33 significant bits).
    package var value: Double? {
        guard exponent < 127 else { return nil }
        let m = Double(mantissa)
        let v: Double
        if exponent == 0 {
            v = m * Double(sign: .plus, exponent: -(30 + mantissaLength), significand: 1)
        } else {
            let fraction = m * Double(sign: .plus, exponent: -mantissaLength, significand: 1)
            v = (1 + fraction) * Double(sign: .plus, exponent: Int(exponent) - 31, significand: 1)
        }
        return sign ? -v : v
    }

    /// The element holding exactly the Float32 value `v` (0 < e < 127: 2^(e−31)·(1 + m/2^len),
    /// with the mantissa's trailing zero bits dropped), 0 for zero, and nil for a value the
    /// format cannot hold as a normal number (NaN, an infinity, a magnitude outside 2^−30…2^96).
    package init?(exactly v: Double) {
        let f = Float(v)
        if f == 0 {
            self.init(sign: false, exponent: 0, mantissaLength: 1, mantissa: 0)
            return
        }
        guard f.isNormal, f.exponent >= -30, f.exponent <= 95 else { return nil }
        var m = f.significandBitPattern, len = 23
        while len > 1, m & 1 == 0 { m >>= 1; len -= 1 }
        // safe: the guard holds the exponent to −30…95, so the biased one is 1…126.
        self.init(sign: f < 0, exponent: UInt8(truncatingIfNeeded: Int(f.exponent) + 31), mantissaLength: len, mantissa: m)
    }
}
