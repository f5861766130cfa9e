import Testing
import TestSupport

/// `Scripts/warning-free-build.sh` (the build step of `make test`): a compiler warning in
/// depthcheck's own sources fails it; one in a dependency's checkout does not.
@Suite struct WarningFreeBuildTests {
    static let script = TestData.packageRoot + "/Scripts/warning-free-build.sh"

    @Test func aWarningInOurSourcesFailsTheBuild() throws {
        let s = try Scratch("warning-free")
        defer { s.remove() }
        let ours = "/src/depthcheck/Sources/AuxData/Writer/X.swift:43:41: warning: capture of non-Sendable type 'V.Type'\n"
        let theirs = "/src/depthcheck/.build/checkouts/swift-argument-parser/Sources/ArgumentParser/Y.swift:1:1: warning: deprecated\n"
        let clean = try s.write("Compiling AuxData X.swift\n" + theirs + "Build complete!\n", to: "clean.log")
        let dirty = try s.write("Compiling AuxData X.swift\n" + ours + theirs + "Build complete!\n", to: "dirty.log")
        let ok = try Tools.run("/bin/bash", [Self.script, "--scan", clean])
        #expect(ok.status == 0 && ok.text.isEmpty, "\(ok.text)\(ok.stderr)")
        let bad = try Tools.run("/bin/bash", [Self.script, "--scan", dirty])
        #expect(bad.status == 1)
        #expect(bad.text == ours, "\(bad.text)")
        #expect(bad.stderr == "error: compiler warnings in depthcheck's sources (listed above); the build is kept warning-free\n")
    }
}
