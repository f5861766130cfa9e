import Foundation
import Testing
import TestSupport

/// The repository's pre-commit hook (`.pre-commit-hooks.yaml`), run by pre-commit itself with
/// `try-repo` on a repository holding a good photo, a broken one with an upper-case extension
/// and a text file: the broken photo fails the run, the text file is not handed to depthcheck.
@Suite struct PreCommitHookTests {
    @Test(.requires(.pythonModules("pre_commit"), .tool("git")))
    func theHookFailsABrokenPhotoAndPassesAGoodOne() throws {
        let s = try Scratch("pre-commit")
        defer { s.remove() }
        let python = try #require(Tools.pyenvPython)
        let preCommit = (python as NSString).deletingLastPathComponent + "/pre-commit"
        _ = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "repo/photos/good.jpg")
        _ = try s.copy("Corpus/bad/matte.requires-depth/matte-without-disparity.jpg", to: "repo/photos/Broken.JPG")
        _ = try s.write("notes\n", to: "repo/photos/notes.txt")
        try FileManager.default.createDirectory(atPath: s.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: s.path("bin/depthcheck"), withDestinationPath: Tools.depthcheck)
        let env = ["PATH": s.path("bin") + ":/usr/bin:/bin", "HOME": s.dir, "PRE_COMMIT_HOME": s.path("cache"),
                   "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
                   "GIT_COMMITTER_EMAIL": "t@example.org"]
        let git = try #require(Tools.which("git"))
        for args in [["init", "-q", "."], ["add", "photos"], ["commit", "-q", "-m", "photos"]] {
            let r = try Tools.run(git, args, environment: env, directory: s.path("repo"))
            try #require(r.status == 0, "git \(args): \(r.stderr)")
        }
        let all = try Tools.run(preCommit, ["try-repo", TestData.packageRoot, "depthcheck", "--all-files"], environment: env,
                                directory: s.path("repo"))
        #expect(all.status == 1, "\(all.text)\(all.stderr)")
        #expect(all.text.contains("FAIL photos/Broken.JPG (jpeg; portrait matte 16×12;"), "\(all.text)")
        #expect(all.text.contains("PASS photos/good.jpg (jpeg; disparity 16×12;"), "\(all.text)")
        #expect(all.text.contains("2 files: 1 passed, 1 failed, 0 unreadable"), "\(all.text)")
        #expect(!all.text.contains("notes.txt"))
        let good = try Tools.run(preCommit, ["try-repo", TestData.packageRoot, "depthcheck", "--files", "photos/good.jpg"],
                                 environment: env, directory: s.path("repo"))
        #expect(good.status == 0, "\(good.text)\(good.stderr)")
    }
}
