// swift-tools-version:6.1
// In-process figures with package-benchmark (ordo-one/benchmark): read, model, check, decode
// and JSON of real depth photos, with wall and CPU time and mallocs per file, so a
// regression in allocation shows as one. `make bench-inprocess` runs it; `make bench` keeps
// the whole-process ratios against exiv2, exiftool and djpeg.
import PackageDescription

// The library as an app depends on it: its public API alone.
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
                .product(name: "DepthCheckCore", package: "depthcheck"),
            ],
            path: "Benchmarks/InProcess",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
