import Foundation

/// Runs external programs from tests: the depthcheck binary, and the independent tools the
/// differential tests compare against (exiftool, python3 with jsonschema).
package enum Tools {
    package struct Result {
        package let status: Int32
        package let stdout: [UInt8]
        package let stderr: String
        package var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The full path of an executable on PATH, or nil.
    package static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// Runs `executable` with `arguments`, feeding `input` on stdin; waits for it to finish.
    package static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil,
                           environment: [String: String]? = nil, directory: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let input { inp.fileHandleForWriting.write(Data(input)) }
        try inp.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        let errBox = DataBox()
        let errDone = DispatchSemaphore(value: 0)
        let errThread = Thread {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            errDone.signal()
        }
        errThread.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        // The semaphore orders the reader's write before this read (polling isFinished did not).
        errDone.wait()
        return Result(status: p.terminationStatus, stdout: [UInt8](outData), stderr: String(decoding: errBox.data, as: UTF8.self))
    }

    // safe: written by the reader thread, read only after it has signalled `errDone`.
    private final class DataBox: @unchecked Sendable { var data = Data() }

    /// The depthcheck binary built beside the test bundle.
    package static var depthcheck: String {
        let bundle = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [bundle.appendingPathComponent("depthcheck").path,
                          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("depthcheck").path,
                          TestData.packageRoot + "/.build/debug/depthcheck"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return TestData.packageRoot + "/.build/debug/depthcheck"
    }

    /// Runs the depthcheck binary from the package root, so report paths are relative.
    package static func depthcheck(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        try run(depthcheck, arguments, environment: environment, directory: TestData.packageRoot)
    }

    /// The Python of the virtual environment `make test` creates with pillow-heif, Pillow and
    /// numpy (`make pyenv`), or nil when it has not been made.
    /// The test environment's python, whether or not it is there.
    package static var pyenvPath: String { TestData.packageRoot + "/.build/pyenv/bin/python" }

    package static var pyenvPython: String? {
        let p = pyenvPath
        guard FileManager.default.isExecutableFile(atPath: p),
              let r = try? run(p, ["-c", "import pillow_heif, PIL, numpy"]), r.status == 0 else { return nil }
        return p
    }

    /// True when python3 can import jsonschema (the SARIF schema check needs it).
    package static var hasJSONSchema: Bool {
        guard let py = which("python3"), let r = try? run(py, ["-c", "import jsonschema"]) else { return false }
        return r.status == 0
    }
}

extension Tools {
    /// The one file's object of an `info --format json` document (`{tool, files: [...]}`).
    package static func infoRecord(_ stdout: [UInt8]) -> [String: Any]? {
        guard let doc = try? JSONSerialization.jsonObject(with: Data(stdout)) as? [String: Any],
              let files = doc["files"] as? [[String: Any]], files.count == 1 else { return nil }
        return files[0]
    }
}
