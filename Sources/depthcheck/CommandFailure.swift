/// A reason to stop with a message on stderr and a given exit code; `Depthcheck.main`
/// prints it as `depthcheck: <message>`.
struct CommandFailure: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    init(_ code: Int32, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { message }
}
