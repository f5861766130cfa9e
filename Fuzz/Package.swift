// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for depthcheck. Build one target with (see run.sh):
//   swift build --product FuzzJPEG --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address
// Each target is a single file that exports LLVMFuzzerTestOneInput and has no @main.
// A new target (a pixel decoder, a writer round trip) is one more directory under Sources/,
// one more entry in `entryPoints` below, and a dictionary in dict/.
let entryPoints = ["FuzzJPEG", "FuzzHEIF", "FuzzXMP", "FuzzSEI", "FuzzCheck", "FuzzPixels", "FuzzMaps", "FuzzWriter"]

let package = Package(
    name: "depthcheck-fuzz",
    products: entryPoints.map { .executable(name: $0, targets: [$0]) },
    dependencies: [
        .package(name: "depthcheck", path: ".."),
    ],
    targets: [
        // Invariant checks shared by every target: a strict JSON syntax checker and the
        // fuzzing ParseLimits. No Foundation (its ICU clashes with libxml2's in one module).
        .target(name: "FuzzSupport", dependencies: [
            .product(name: "Container", package: "depthcheck"),
            .product(name: "AuxData", package: "depthcheck"),
            .product(name: "Validator", package: "depthcheck"),
            .product(name: "DepthCheckCore", package: "depthcheck"),
        ]),
    ] + entryPoints.map { name in
        .executableTarget(name: name, dependencies: [
            "FuzzSupport",
            .product(name: "Container", package: "depthcheck"),
            .product(name: "AuxData", package: "depthcheck"),
            .product(name: "Validator", package: "depthcheck"),
            .product(name: "DepthCheckCore", package: "depthcheck"),
        ])
    }
)
