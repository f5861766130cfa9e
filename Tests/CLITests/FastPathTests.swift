import Testing
import TestSupport

/// `depthcheck FILE...` skips the option parser; what it prints and how it exits must be what
/// the parsed `check` gives for the same files (`--max-items` at its default value is an
/// option only the parser reads, so that run goes through it).
@Suite struct FastPathTests {
    static let sets: [[String]] = [
        ["Corpus/good/jpeg-disparity.jpg", "Corpus/good/heif-disparity.heic"],
        ["Corpus/bad/structure.mpf.entry-offset-out-of-bounds/two-entries-same-offset.jpg"],
        ["Corpus/good/jpeg-disparity.jpg", "missing.jpg", "Corpus/bad/matte.requires-depth/matte-without-disparity.jpg"],
        ["Corpus/good"],
    ]

    @Test(arguments: 0..<4)
    func filesAloneGiveWhatCheckGives(_ n: Int) throws {
        let files = Self.sets[n]
        let fast = try Tools.depthcheck(files)
        let viaCheck = try Tools.depthcheck(["check"] + files)
        let parsed = try Tools.depthcheck(["check", "--jobs", "1", "--format", "text", "--max-items", "65536"] + files)
        let quick = try Tools.depthcheck(["check", "--jobs", "1", "--format", "text"] + files)
        #expect(fast.status == parsed.status && viaCheck.status == parsed.status && quick.status == parsed.status)
        #expect(fast.text == parsed.text && viaCheck.text == parsed.text && quick.text == parsed.text)
        #expect(fast.stderr == parsed.stderr && quick.stderr == parsed.stderr)
    }

    @Test func exitCodesOfTheFastPath() throws {
        #expect(try Tools.depthcheck(Self.sets[0]).status == 0)
        #expect(try Tools.depthcheck(Self.sets[1]).status == 1)
        #expect(try Tools.depthcheck(Self.sets[2]).status == 3)
        let dir = try Tools.depthcheck(Self.sets[3])
        #expect(dir.status == 2 && dir.stderr.hasSuffix(" is a directory; give -r to check the files in it\n"), "\(dir.stderr)")
    }
}
