import Foundation

/// A fresh folder under the system's temporary directory for one test, with helpers to lay
/// out files and links and to read bytes back; `remove()` deletes it.
package struct Scratch {
    package let dir: String

    package init(_ name: String) throws {
        dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("depthcheck-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    package func path(_ relative: String) -> String { dir + "/" + relative }

    /// Copies a corpus file (relative to the package root) to `relative`.
    @discardableResult
    package func copy(_ corpusFile: String, to relative: String) throws -> String {
        let to = path(relative)
        try FileManager.default.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestData.packageRoot + "/" + corpusFile, toPath: to)
        return to
    }

    @discardableResult
    package func write(_ text: String, to relative: String) throws -> String {
        let to = path(relative)
        try FileManager.default.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: to))
        return to
    }

    package func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    package func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    package func remove() { try? FileManager.default.removeItem(atPath: dir) }

    package static func bytes(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }
}

extension Tools {
    /// Runs depthcheck through /bin/sh so the test can change its standard output first,
    /// e.g. `>&-` (closed) or `>/dev/full`.
    package static func depthcheck(_ arguments: [String], stdoutRedirect redirect: String) throws -> Result {
        try run("/bin/sh", ["-c", "exec \"$0\" \"$@\" \(redirect)", depthcheck] + arguments, directory: TestData.packageRoot)
    }

    /// The paths of the files a `check --format json` run reported, in report order.
    package static func reportedPaths(_ r: Result) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout)) as? [String: Any]
        return (json?["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }
}
