import Container

/// The depth representation information SEI message (payloadType 177), ITU-T H.265 Annex
/// F.14: the range and meaning of the values in a depth auxiliary picture.
///
/// Syntax (H.265 Annex F.14, depth_representation_info( payloadSize )):
/// ```
/// z_near_flag                                u(1)
/// z_far_flag                                 u(1)
/// d_min_flag                                 u(1)
/// d_max_flag                                 u(1)
/// depth_representation_type                  ue(v)
/// if( d_min_flag || d_max_flag )
///     disparity_ref_view_id                  ue(v)
/// if( z_near_flag ) depth_rep_info_element( ZNear… )
/// if( z_far_flag )  depth_rep_info_element( ZFar… )
/// if( d_min_flag )  depth_rep_info_element( DMin… )
/// if( d_max_flag )  depth_rep_info_element( DMax… )
/// if( depth_representation_type == 3 ) {
///     depth_nonlinear_representation_num_minus1          ue(v)
///     for( i = 1; i <= num_minus1 + 1; i++ )
///         depth_nonlinear_representation_model[ i ]      ue(v)
/// }
/// depth_rep_info_element: da_sign_flag u(1), da_exponent u(7),
///     da_mantissa_len_minus1 u(5), da_mantissa u(v) with v = len_minus1 + 1
/// ```
package struct DepthRepresentationInfo: Sendable, Equatable {
    package var zNearElement: DepthRepresentationElement?
    package var zFarElement: DepthRepresentationElement?
    package var dMinElement: DepthRepresentationElement?
    package var dMaxElement: DepthRepresentationElement?
    package var representationTypeRaw: UInt32
    /// disparity_ref_view_id, present when d_min or d_max is.
    package var disparityReferenceView: UInt32?
    /// depth_nonlinear_representation_model[1...], for type 3 only.
    package var nonlinearModel: [UInt32]

    package var hasZNear: Bool { zNearElement != nil }
    package var hasZFar: Bool { zFarElement != nil }
    package var hasDMin: Bool { dMinElement != nil }
    package var hasDMax: Bool { dMaxElement != nil }
    /// The values; nil when the flag is clear or the exponent is 127 (unspecified).
    package var zNear: Double? { zNearElement?.value }
    package var zFar: Double? { zFarElement?.value }
    package var dMin: Double? { dMinElement?.value }
    package var dMax: Double? { dMaxElement?.value }
    package var representationType: DepthRepresentationType { DepthRepresentationType(rawValue: representationTypeRaw) }

    /// Names of the present elements whose exponent is 127, which H.265 leaves unspecified.
    package var unspecifiedElements: [String] {
        var out: [String] = []
        if let e = zNearElement, e.value == nil { out.append("z_near") }
        if let e = zFarElement, e.value == nil { out.append("z_far") }
        if let e = dMinElement, e.value == nil { out.append("d_min") }
        if let e = dMaxElement, e.value == nil { out.append("d_max") }
        return out
    }

    package init(zNear: DepthRepresentationElement? = nil, zFar: DepthRepresentationElement? = nil,
                dMin: DepthRepresentationElement? = nil, dMax: DepthRepresentationElement? = nil,
                representationTypeRaw: UInt32, disparityReferenceView: UInt32? = nil,
                nonlinearModel: [UInt32] = []) {
        self.zNearElement = zNear
        self.zFarElement = zFar
        self.dMinElement = dMin
        self.dMaxElement = dMax
        self.representationTypeRaw = representationTypeRaw
        self.disparityReferenceView = disparityReferenceView
        self.nonlinearModel = nonlinearModel
    }

    /// H.265 Annex F.14: depth_nonlinear_representation_num_minus1 shall be in 0...62.
    static let maxNonlinearModelCount = 63

    /// Parses the payload bits. Bits after the syntax are ignored: sei_payload() may carry
    /// reserved_payload_extension_data that decoders skip (H.265 Annex D, sei_payload semantics).
    init(parsing r: inout BitReader) throws(ParseError) {
        let zNearFlag = try r.flag("z_near_flag")
        let zFarFlag = try r.flag("z_far_flag")
        let dMinFlag = try r.flag("d_min_flag")
        let dMaxFlag = try r.flag("d_max_flag")
        representationTypeRaw = try r.ue("depth_representation_type")
        disparityReferenceView = (dMinFlag || dMaxFlag) ? try r.ue("disparity_ref_view_id") : nil
        zNearElement = zNearFlag ? try Self.element(&r, "z_near") : nil
        zFarElement = zFarFlag ? try Self.element(&r, "z_far") : nil
        dMinElement = dMinFlag ? try Self.element(&r, "d_min") : nil
        dMaxElement = dMaxFlag ? try Self.element(&r, "d_max") : nil
        var model: [UInt32] = []
        if representationTypeRaw == 3 {
            let at = r.offset
            let numMinus1 = try r.ue("depth_nonlinear_representation_num_minus1")
            guard Int(numMinus1) < Self.maxNonlinearModelCount else {
                throw ParseError(.seiValueOutOfRange, at: at, path: r.path,
                                 "depth_nonlinear_representation_num_minus1 \(numMinus1) exceeds 62")
            }
            for i in 0...Int(numMinus1) {
                model.append(try r.ue("depth_nonlinear_representation_model[\(i + 1)]"))
            }
        }
        nonlinearModel = model
    }

    private static func element(_ r: inout BitReader, _ name: String) throws(ParseError) -> DepthRepresentationElement {
        let sign = try r.flag("\(name) da_sign_flag")
        let exponent = try r.bits(7, "\(name) da_exponent")
        let lengthMinus1 = try r.bits(5, "\(name) da_mantissa_len_minus1")
        let length = Int(lengthMinus1) &+ 1  // safe: a 5-bit field, 1...32
        let mantissa = try r.bits(length, "\(name) da_mantissa")
        return DepthRepresentationElement(sign: sign, exponent: UInt8(truncatingIfNeeded: exponent),
                                          mantissaLength: length, mantissa: mantissa)
    }

    /// Writes the payload bits in the syntax order above, then the sei_payload byte alignment
    /// (payload_bit_equal_to_one and zero bits, H.265 Annex D sei_payload) when not aligned.
    package func write(to w: inout BitWriter) {
        w.flag(zNearElement != nil)
        w.flag(zFarElement != nil)
        w.flag(dMinElement != nil)
        w.flag(dMaxElement != nil)
        w.ue(representationTypeRaw)
        if dMinElement != nil || dMaxElement != nil { w.ue(disparityReferenceView ?? 0) }
        for e in [zNearElement, zFarElement, dMinElement, dMaxElement].compactMap({ $0 }) {
            w.flag(e.sign)
            w.bits(UInt32(e.exponent), 7)
            w.bits(UInt32(max(1, min(32, e.mantissaLength)) - 1), 5)
            w.bits(e.mantissa, max(1, min(32, e.mantissaLength)))
        }
        if representationTypeRaw == 3 {
            w.ue(UInt32(max(nonlinearModel.count, 1) - 1))
            for (i, v) in nonlinearModel.enumerated() where i < Self.maxNonlinearModelCount { w.ue(v) }
            if nonlinearModel.isEmpty { w.ue(0) }
        }
        if !w.isByteAligned {
            w.flag(true)
            while !w.isByteAligned { w.flag(false) }
        }
    }
}
