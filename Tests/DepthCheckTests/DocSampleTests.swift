import Testing
import TestSupport

/// Every Swift sample of README.md and the DocC catalog is compiled with the tests
/// (DocSamples.swift, made from the documentation by Scripts/doc_samples.py): a sample that
/// no longer compiles fails the build, and one edited without making the file again fails here.
@Suite struct DocSampleTests {
    @Test(.requires(.tool("python3")))
    func theCompiledSamplesAreTheDocumentations() throws {
        let python = try #require(Tools.which("python3"))
        let r = try Tools.run(python, [TestData.packageRoot + "/Scripts/doc_samples.py", "--check"])
        #expect(r.status == 0, "\(r.text)\(r.stderr)")
    }
}
