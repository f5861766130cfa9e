// swift-tools-version:6.0
import PackageDescription

// No unsafe build flags: SwiftPM refuses them in any dependency that is not a local path, so
// an app could not depend on a tagged release. The release-only flags (metadata accessors,
// unexported executable symbols) are the Makefile's release build's (RELEASE_FLAGS).
// Every Swift target: a file uses only the members of modules it imports itself
// (MemberImportVisibility), and an existential type is written `any P` (ExistentialAny).
let strict: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility"), .enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "depthcheck",
    products: [
        // The library without Foundation, for tools that leave Foundation out of their binary
        // (the in-process benchmarks beside this package).
        .library(name: "DepthCheckCore", targets: ["DepthCheckCore"]),
        // The front door for apps and tools: read, decode, validate, embed (Foundation allowed).
        .library(name: "DepthCheck", targets: ["DepthCheck"]),
        .executable(name: "depthcheck", targets: ["depthcheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // libjpeg's and libpng's headers only: the libraries are loaded on first use
        // (CLazyLibrary), so no pkg-config here, whose flags would link them in.
        .systemLibrary(name: "CJPEG", path: "Sources/C/CJPEG",
                       providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/C/CPNG",
                       providers: [.apt(["libpng-dev"])]),
        // A C library loaded on first use (dlopen): libheif, libjpeg and libpng, which only
        // decoding and writing need, are not loaded when depthcheck starts.
        .target(name: "CLazyLibrary", path: "Sources/C/CLazyLibrary", linkerSettings: [.linkedLibrary("dl")]),
        // libxml2 and the zlib it calls, linked in from their static archives (libxml2-dev,
        // zlib1g-dev): libxml2.so.2 would load ICU and liblzma at every start, which a check
        // never calls (see LibraryStandIns.c), and each shared library costs a start its loading.
        // The headers are reached through include/libxml, a link to libxml2-dev's headers.
        // Linux only (the `:file` form is GNU ld's and lld's, the header link Debian's path).
        .target(name: "CLibXML2", path: "Sources/C/CLibXML2",
                linkerSettings: [.linkedLibrary(":libxml2.a"), .linkedLibrary(":libz.a"),
                                 .linkedLibrary("m"), .linkedLibrary("dl")]),
        // On Apple's systems, whose linker has no `:file` form and whose libxml2 headers are not
        // at Linux's path, libxml2 is the system's (or Homebrew's), found through pkg-config.
        .systemLibrary(name: "CLibXML2Darwin", path: "Sources/C/CLibXML2Darwin", pkgConfig: "libxml-2.0",
                       providers: [.brew(["libxml2"])]),
        .target(name: "CJPEGBridge", dependencies: ["CJPEG", "CLazyLibrary"], path: "Sources/C/CJPEGBridge"),
        // libheif, loaded on first use through CLazyLibrary (see its header): libheif's
        // headers, not its library.
        .target(name: "CHeifLazy", dependencies: ["CLazyLibrary"], path: "Sources/C/CHeifLazy"),
        .target(name: "CPNGBridge", dependencies: ["CPNG", "CLazyLibrary"], path: "Sources/C/CPNGBridge"),
        // Stored 8-bit samples to Float32 values by a linear form, vectorised (AVX2 when present).
        .target(name: "CValueRows", path: "Sources/C/CValueRows"),

        // bytes -> structure. Pure Swift: no Foundation, no C libraries.
        .target(name: "Container", swiftSettings: strict),
        // structure -> meaning: the aux image model, XMP descriptions, SEI, pixel decode.
        .target(name: "AuxData",
                dependencies: ["Container", .target(name: "CLibXML2", condition: .when(platforms: [.linux])),
                               .target(name: "CLibXML2Darwin", condition: .when(platforms: [.macOS])),
                               "CJPEGBridge", "CPNGBridge", "CPNG", "CHeifLazy", "CValueRows"], swiftSettings: strict),
        // meaning -> verdict: the rule catalog and the report renderers.
        .target(name: "Validator", dependencies: ["AuxData", "Container"], swiftSettings: strict),
        // What the commands decide, for apps and the command line alike: DepthPhoto, DepthMap,
        // ValidationReport, PhotoFile, PhotoEditor, MapExporter, ReportVisuals. No Foundation,
        // so the command line's binary carries none.
        .target(name: "DepthCheckCore", dependencies: ["Validator", "AuxData", "Container"], swiftSettings: strict),
        // The library's front door: DepthCheckCore re-exported, with URL and Data conveniences;
        // it sees nothing below DepthCheckCore.
        .target(name: "DepthCheck", dependencies: ["DepthCheckCore"], swiftSettings: strict),
        // The command line. Its folder is not named after it: `Sources/depthcheck` and
        // `Sources/DepthCheck` would be one folder on a case-insensitive file system (macOS's
        // default), which could not hold the checkout.
        .executableTarget(name: "depthcheck", dependencies: [
            "DepthCheckCore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/depthcheck-cli", swiftSettings: strict),

        // The libFuzzer targets (Fuzz/run.sh), one function each, which the tests also replay
        // kept inputs through; depthcheck-fuzz is their one binary.
        .target(name: "FuzzTargets", dependencies: ["DepthCheckCore", "Validator", "AuxData", "Container"], swiftSettings: strict),
        .executableTarget(name: "depthcheck-fuzz", dependencies: ["FuzzTargets"], swiftSettings: strict),

        // Fixture builders and test-data lookup shared by the test targets.
        .target(name: "TestSupport", dependencies: ["Container", "AuxData", "Validator"], swiftSettings: strict),

        // The tests call libheif beyond what depthcheck forwards, so they link it themselves.
        .testTarget(name: "ContainerTests", dependencies: ["Container", "TestSupport", "CHeifLazy"],
                    swiftSettings: strict,
                    linkerSettings: [.linkedLibrary("heif")]),
        .testTarget(name: "AuxDataTests", dependencies: ["AuxData", "Container", "Validator", "TestSupport", "CHeifLazy", "CJPEGBridge", "CPNGBridge",
                                                   .target(name: "CLibXML2", condition: .when(platforms: [.linux])),
                                                   .target(name: "CLibXML2Darwin", condition: .when(platforms: [.macOS]))],
                    swiftSettings: strict,
                    linkerSettings: [.linkedLibrary("heif")]),
        .testTarget(name: "ValidatorTests", dependencies: ["Validator", "AuxData", "Container", "DepthCheckCore", "FuzzTargets", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "DepthCheckTests", dependencies: ["DepthCheck", "DepthCheckCore", "Validator", "AuxData", "Container", "TestSupport"], swiftSettings: strict),
        // How depthcheck is built, installed, packaged and run at scale: the install and the
        // tarball, the Python package and wheel, the container, the engine recipes, the scripts.
        // `make quick` leaves them out; `make test` runs them.
        .testTarget(name: "PackagingTests", dependencies: ["depthcheck", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "CLITests", dependencies: ["depthcheck", "Validator", "AuxData", "Container", "TestSupport",
                                                .product(name: "ArgumentParser", package: "swift-argument-parser")],
                    swiftSettings: strict),
    ]
)

// make docs: the DepthCheck documentation as a static site, by swift-docc-plugin. The Makefile
// asks for the plugin (DEPTHCHECK_DOCS=1), so an app that resolves depthcheck never fetches it.
if Context.environment["DEPTHCHECK_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
