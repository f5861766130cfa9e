import Foundation

/// Something a test reads that may be missing from a checkout or a machine: a real camera
/// file from the shared corpus, an external program, a schema. A test names what it needs
/// with the `.requires(...)` trait; when anything is missing the test is reported as skipped,
/// with a comment naming what is missing, rather than passing without having asserted.
package struct TestInput: Sendable, CustomStringConvertible {
    /// What is needed, as someone setting up a machine would look for it.
    package let description: String
    /// Whether it is there; asked once, when the test list is built.
    package let isAvailable: Bool

    package init(_ description: String, isAvailable: Bool) {
        self.description = description
        self.isAvailable = isAvailable
    }

    /// The shared real-file corpus (`../shared/corpus/real/` beside the checkout).
    package static var realCorpus: TestInput {
        TestInput("the real-file corpus \(TestData.realCorpusName)/", isAvailable: FileBytes.exists(TestData.realCorpus))
    }

    /// One real camera file of the shared corpus, e.g. `apple-jpeg-disparity-iphonex.jpg`.
    package static func realFile(_ name: String) -> TestInput {
        TestInput(TestData.realCorpusName + "/" + name, isAvailable: FileBytes.exists(TestData.real(name)))
    }

    /// One file of the shared conformance corpus (`../shared/corpus/conformance/`): files
    /// other readers open, e.g. `nokia-C050-albc-group-properties.heic`.
    package static func conformanceFile(_ name: String) -> TestInput {
        TestInput(TestData.conformanceCorpusName + "/" + name, isAvailable: FileBytes.exists(TestData.conformance(name)))
    }

    /// One file of the shared field corpus (`../shared/corpus/field/`), e.g. `ultrahdr-pixel-original.jpg`.
    package static func fieldFile(_ name: String) -> TestInput {
        TestInput(TestData.fieldCorpusName + "/" + name, isAvailable: FileBytes.exists(TestData.field(name)))
    }

    /// One file of the shared incoming corpus (`../shared/corpus/incoming/`).
    package static func incomingFile(_ name: String) -> TestInput {
        TestInput(TestData.incomingCorpusName + "/" + name, isAvailable: FileBytes.exists(TestData.incoming(name)))
    }

    /// A program on PATH (`exiftool`, `heif-info`, `djpeg`; `make test` installs them).
    package static func tool(_ name: String) -> TestInput {
        TestInput("the program \(name) on PATH", isAvailable: Tools.which(name) != nil)
    }

    /// A libheif program on PATH built on libheif `version` (a prefix, such as "1.15."), for a
    /// test that holds what one release of libheif does: its usage text names the version.
    package static func libheifTool(_ name: String, version: String) -> TestInput {
        let usage = Tools.which(name).flatMap { try? Tools.run($0, ["-h"]) }
        let found = usage.map { $0.text + $0.stderr }?.contains("libheif version: " + version) ?? false
        return TestInput("the program \(name) of libheif \(version)x on PATH", isAvailable: found)
    }

    /// python3 able to import jsonschema (Debian: python3-jsonschema).
    package static var jsonSchema: TestInput {
        TestInput("python3 with the jsonschema module", isAvailable: jsonSchemaAvailable)
    }

    /// The OASIS SARIF 2.1.0 schema (`../shared/schemas/sarif-schema-2.1.0.json`).
    package static var sarifSchema: TestInput {
        TestInput(TestData.sarifSchemaName, isAvailable: FileBytes.exists(TestData.sarifSchema))
    }

    /// The virtual environment with pillow-heif, Pillow and numpy (`make pyenv`).
    package static var pillowHEIF: TestInput {
        TestInput("pillow-heif, Pillow and numpy in .build/pyenv (make pyenv)", isAvailable: pyenvAvailable)
    }

    private static let pyenvAvailable = Tools.pyenvPython != nil

    /// Python modules the test environment (`.build/pyenv`, `make pyenv`) can import: the
    /// engines the scale-out recipes run on (`dask.bag`, `distributed`, `pyspark`, `yaml`).
    package static func pythonModules(_ names: String...) -> TestInput {
        let available = FileManager.default.isExecutableFile(atPath: Tools.pyenvPath)
            && ((try? Tools.run(Tools.pyenvPath, ["-c", "import " + names.joined(separator: ", ")]))?.status == 0)
        return TestInput("the Python modules \(names.joined(separator: ", ")) in .build/pyenv (make pyenv)", isAvailable: available)
    }

    /// Running python once per test list is enough.
    private static let jsonSchemaAvailable = Tools.hasJSONSchema
}
