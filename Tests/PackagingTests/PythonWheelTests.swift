import Foundation
import Testing
import TestSupport

/// `make wheel` (Scripts/build_wheel.py): a platform wheel that carries the binary. Installed
/// into a fresh virtual environment with no DEPTHCHECK_BIN and no depthcheck on PATH, the
/// package finds its binary and checks, walks a folder and extracts through it; the environment's
/// bin/ holds the command; the build adds no build/ or egg-info folder to the checkout.
@Suite(.serialized) struct PythonWheelTests {
    @Test(.requires(.tool("python3")))
    func theWheelCarriesTheBinaryIntoAFreshEnvironment() throws {
        let s = try Scratch("wheel")
        defer { s.remove() }
        let python = try #require(Tools.which("python3"))
        // An earlier `pip install ./python` leaves build/ and egg-info there: not the build's doing.
        let leftovers = ["python/build", "python/depthcheck.egg-info", "python/depthcheck/bin"]
        let before = leftovers.filter { FileManager.default.fileExists(atPath: TestData.packageRoot + "/" + $0) }
        let built = try Tools.run(python, [TestData.packageRoot + "/Scripts/build_wheel.py", "--binary", Tools.depthcheck, "--out", s.path("dist")])
        #expect(built.status == 0, "\(built.stderr)")
        let machine = try Tools.run("/bin/sh", ["-c", "uname -m"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let wheel = s.path("dist/depthcheck-0.1.0-py3-none-linux_\(machine).whl")
        #expect(built.text == wheel + "\n", "\(built.text)")
        let venv = try Tools.run(python, ["-m", "venv", s.path("venv")])
        try #require(venv.status == 0, "python3 -m venv: \(venv.stderr)")
        let pip = try Tools.run(s.path("venv/bin/python"), ["-m", "pip", "install", "-q", "--no-index", "--disable-pip-version-check", wheel])
        #expect(pip.status == 0, "\(pip.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: s.path("venv/bin/depthcheck")))
        // Not activated: PATH without the environment, no DEPTHCHECK_BIN.
        let env = ["PATH": "/usr/bin:/bin", "HOME": s.dir]
        let photo = TestData.corpus + "/good/jpeg-disparity.jpg"
        let script = """
            import depthcheck, sys
            print(depthcheck.find_binary())
            print([r["verdict"] for r in depthcheck.check(sys.argv[1])])
            print(len(depthcheck.list_paths(sys.argv[2])))
            print(sorted({r["verdict"] for r in depthcheck.check_tree(sys.argv[2])}))
            """
        let r = try Tools.run(s.path("venv/bin/python"), ["-c", script, photo, TestData.corpus + "/good"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let good = try FileManager.default.contentsOfDirectory(atPath: TestData.corpus + "/good").filter { !$0.hasPrefix(".") }.count
        #expect(r.text == s.path("venv/bin/depthcheck") + "\n['pass']\n\(good)\n['pass']\n", "\(r.text)")
        // The map through the command the wheel installs: 16×12 float32 values after a 128-byte npy header.
        let npy = s.path("map.npy")
        let extracted = try Tools.run(s.path("venv/bin/depthcheck"), ["extract", photo, "-o", npy], environment: env)
        #expect(extracted.status == 0, "\(extracted.stderr)")
        #expect(FileBytes.read(npy)?.count == 128 + 16 * 12 * 4)
        let compare = try Tools.run(s.path("venv/bin/depthcheck"), ["compare", photo, photo], environment: env)
        #expect(compare.status == 0 && compare.text.hasPrefix("ok "), "\(compare.text)\(compare.stderr)")
        for leftover in leftovers where !before.contains(leftover) {
            #expect(!FileManager.default.fileExists(atPath: TestData.packageRoot + "/" + leftover), "\(leftover)")
        }
    }
}
