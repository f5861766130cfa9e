import Container

extension ParseError.Code {
    /// An exp-Golomb code with more than 31 leading zero bits (ITU-T H.265 §9.2: ue(v)
    /// values are at most 2^32 − 2, which needs at most 31 leading zeros).
    package static let seiExpGolombTooLong = Self("sei.expGolombTooLong")
    /// A NAL unit is shorter than its 2-byte header (ITU-T H.265 §7.3.1.2).
    package static let seiNALTooShort = Self("sei.nalTooShort")
    /// The auxC subtype holds SEI NAL units but none carries depth_representation_info.
    package static let seiNoDepthRepresentation = Self("sei.noDepthRepresentation")
    /// A syntax element is outside the range the specification allows.
    package static let seiValueOutOfRange = Self("sei.valueOutOfRange")
    /// The SEI's lengths and its bytes disagree: a NAL unit or payload runs past the subtype,
    /// or bytes follow the declared total.
    package static let seiMalformed = Self("sei.malformed")
}

extension BitReader.Codes {
    /// depth_representation_info (H.265 §F.14.2.7): a field past 32 bits is out of range.
    static let depthRepresentationSEI = Self(fieldTooWide: .seiValueOutOfRange, expGolombTooLong: .seiExpGolombTooLong)
}
