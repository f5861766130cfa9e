// swift-tools-version:6.0
// An app's own package, using depthcheck as a library by path: what `make consumer` builds
// and runs to prove the DepthCheck product works from the outside.
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [
        .package(name: "depthcheck", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "consumer", dependencies: [
            .product(name: "DepthCheck", package: "depthcheck"),
        ]),
    ]
)
