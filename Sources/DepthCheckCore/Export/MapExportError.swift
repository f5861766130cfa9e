/// Why a map could not be exported.
public enum MapExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request does not fit the aux image (depth values of a matte): nothing was written.
    case notApplicable(String)
    /// The aux image's pixels do not decode.
    case undecodable(String)
    /// The output failed (a full disk, a closed pipe).
    case outputFailed(String)

    /// The reason, as a sentence.
    public var description: String {
        switch self {
        case .notApplicable(let m), .undecodable(let m), .outputFailed(let m): return m
        }
    }
}
