/// Why a map could not be exported.
public enum MapExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request does not fit the aux image (depth values of a matte): nothing was written.
    case notApplicable(String)
    /// Depth or disparity values were asked of an aux image that holds none (a matte, a gain
    /// map: `kind`); its native or stored values can be exported.
    case noDepthValues(index: Int, kind: String)
    /// The aux image's pixels do not decode.
    case undecodable(String)
    /// The output failed (a full disk, a closed pipe).
    case outputFailed(String)

    /// The reason, as a sentence.
    public var description: String {
        switch self {
        case .notApplicable(let m), .undecodable(let m), .outputFailed(let m): return m
        case .noDepthValues(let index, let kind):
            return "aux image \(index) (\(kind)) holds no depth or disparity values; export its native or stored values"
        }
    }
}
