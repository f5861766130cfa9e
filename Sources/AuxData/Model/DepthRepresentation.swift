/// The depth representation values of a HEVC depth_representation_info SEI
/// (ITU-T H.265 Annex F.14.2.9), in the form rules and reports need.
package struct DepthRepresentation: Sendable, Equatable {
    package let zNear: Double?
    package let zFar: Double?
    package let dMin: Double?
    package let dMax: Double?
    /// 0 uniform inverse Z, 1 uniform disparity, 2 uniform Z, 3 non-uniform disparity.
    package let representationType: Int
    package let disparityReferenceView: Int?
    /// depth_nonlinear_representation_model[1…N+1] of type 3 (the piecewise-linear model).
    package let nonlinearModel: [Int]

    package init(zNear: Double? = nil, zFar: Double? = nil, dMin: Double? = nil, dMax: Double? = nil,
                representationType: Int, disparityReferenceView: Int? = nil, nonlinearModel: [Int] = []) {
        self.zNear = zNear
        self.zFar = zFar
        self.dMin = dMin
        self.dMax = dMax
        self.representationType = representationType
        self.disparityReferenceView = disparityReferenceView
        self.nonlinearModel = nonlinearModel
    }
}
