import DepthCheckCore

/// A reason to stop with a message on stderr and a given exit code; `Depthcheck.main`
/// prints it as `depthcheck: <message>`.
struct CommandFailure: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    init(_ code: Int32, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The library's refusal with the exit code the README gives it: 3 for an input that
    /// cannot be read, 1 for an aux image that is missing or does not decode, 4 for depthcheck's own
    /// failure, 2 for a request refused before anything was written.
    init(_ error: DepthCheckError) {
        switch error {
        case .unreadable: code = Exit.unreadable
        case .undecodable, .noSuchAuxImage: code = Exit.findings
        case .failed: code = Exit.internalError
        case .refused, .invalidRequest, .wouldFailCheck, .mapTooLarge, .aspectMismatch: code = Exit.usage
        }
        // The library says what would resolve it; the command line names the option.
        switch error {
        case .mapTooLarge(let name, let detail, let w, let h):
            message = "refused: \(name): \(detail); a map may have no more pixels than its photo (\(w)x\(h)) or --max-pixels"
        case .aspectMismatch(let rule, let m, let dw?, let dh?):
            message = "refused (\(rule)): \(m); the map fits the photo as displayed (\(dw)×\(dh)): add --orient to store it in the photo's frame"
        default:
            message = error.description
        }
    }

    var description: String { message }
}
