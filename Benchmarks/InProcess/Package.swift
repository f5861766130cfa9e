// swift-tools-version:6.1
// In-process figures with package-benchmark (ordo-one/benchmark): parse, rules, decode and
// JSON of real depth photos, with wall and CPU time, mallocs and ARC traffic per file, so a
// regression in allocation shows as one. `make bench-inprocess` runs it; `make bench` keeps
// the whole-process ratios against exiv2, exiftool and djpeg.
import Foundation
import PackageDescription

// The stages measured here (the partial read, the model, the rule catalog, the decoder's row
// hand-off) are depthcheck's package-level API, not its public one, so this target is compiled
// as part of depthcheck's package: SwiftPM names a package by its folder, spelled as an
// identifier, and a module sees another's `package` declarations when both carry that name.
let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()
let depthcheckPackageName = (checkout.first?.isNumber == true ? "_" : "")
    + String(checkout.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })

let package = Package(
    name: "depthcheck-inprocess",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "depthcheck", path: "../.."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "InProcess",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                // Container, AuxData and Validator come with it, as the modules it is built from.
                .product(name: "DepthCheckCore", package: "depthcheck"),
            ],
            path: "Benchmarks/InProcess",
            swiftSettings: [.unsafeFlags(["-package-name", depthcheckPackageName])],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
