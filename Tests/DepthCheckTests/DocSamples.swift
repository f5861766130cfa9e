// Made by Scripts/doc_samples.py from the Swift samples of README.md and the DocC catalog:
// compiled with the tests, never run. Not compiled (package manifest pieces): Sources/DepthCheck/DepthCheck.docc/GettingStarted.md sample 1.
import DepthCheck
import Foundation
import Testing

/// The samples of README.md, in order.
func docSamples_README() throws {
    // README.md, sample 1
    let exported = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "export.jpg")))   // what the pipeline wrote
    let comparison = try DepthPhoto(path: "portrait.heic").compare(to: DepthPhoto(bytes: exported, name: "export.jpg"))
    #expect(comparison.verdict == .ok, "\(comparison.auxImages.filter { $0.change != .kept })")
    // README.md, sample 2
    let photo = try DepthPhoto(contentsOf: URL(fileURLWithPath: "photo.jpg"))
    for aux in photo.auxImages {
        print("aux", aux.kind, aux.width, aux.height)        // aux disparity 576 768
    }
    if let map = try photo.depthMap(as: .depth) {            // depth or disparity, converted; nil if none
        print("map", map.width, map.height, map.values.min()!, map.values.max()!)   // metres
    }
    let report = photo.validate(pixels: true)
    print("verdict", report.verdict, report.findings.map { "\($0.rule)" })
    let values = (0..<(48 * 64)).map { 0.5 + Float($0 % 48) / 48 }
    let map = DepthMap(width: 48, height: 64, values: values, kind: .depth)
    let data = try photo.embedding(map, replacing: true)     // Data; refuses as the CLI does
    try data.write(to: URL(fileURLWithPath: "out.jpg"))
}

/// The samples of Sources/DepthCheck/DepthCheck.docc/ComparingAnExport.md, in order.
func docSamples_ComparingAnExport() throws {
    // Sources/DepthCheck/DepthCheck.docc/ComparingAnExport.md, sample 1
    let original = try DepthPhoto(contentsOf: URL(fileURLWithPath: "IMG_0001.HEIC"))
    let export = try DepthPhoto(contentsOf: URL(fileURLWithPath: "exported.jpg"))
    let comparison = original.compare(to: export)
    print(comparison.verdict)                 // ok, stripped, changed, orphaned or added
    for image in comparison.auxImages where image.change != .kept {
        print(image.change, image.label, image.values?.p99Error ?? 0, image.differences)
    }
}

/// The samples of Sources/DepthCheck/DepthCheck.docc/DepthCheck.md, in order.
func docSamples_DepthCheck() throws {
    // Sources/DepthCheck/DepthCheck.docc/DepthCheck.md, sample 1
    let photo = try DepthPhoto(contentsOf: URL(fileURLWithPath: "photo.jpg"))
    if let map = try photo.depthMap(as: .depth) {
        print(map.width, map.height, map.values.min()!, map.values.max()!)   // metres
    }
    print(photo.validate(pixels: true).verdict)                             // pass
}

/// The samples of Sources/DepthCheck/DepthCheck.docc/GettingStarted.md, in order.
func docSamples_GettingStarted() throws {
    // Sources/DepthCheck/DepthCheck.docc/GettingStarted.md, sample 2
    let photo = try DepthPhoto(contentsOf: URL(fileURLWithPath: "IMG_0001.jpg"))
    for aux in photo.auxImages {
        print(aux.kind, aux.width, aux.height)      // disparity 576 768
    }
    // Sources/DepthCheck/DepthCheck.docc/GettingStarted.md, sample 3
    if let depth = try photo.depthMap(as: .depth) {
        print(depth[0, 0] ?? .nan)                  // metres, at column 0, row 0
    }
    // Sources/DepthCheck/DepthCheck.docc/GettingStarted.md, sample 4
    let aux = photo.auxImages[0]
    let (npy, _) = try photo.exported(aux, MapExporter.Request(format: .npy, numbers: .depth))
    try npy.write(to: URL(fileURLWithPath: "depth.npy"))       // numpy.load gives metres
    // Sources/DepthCheck/DepthCheck.docc/GettingStarted.md, sample 5
    let report = photo.validate(pixels: true)
    if report.verdict != .pass {
        for finding in report.findings { print(finding) }
    }
    // Sources/DepthCheck/DepthCheck.docc/GettingStarted.md, sample 6
    let values = (0..<(48 * 64)).map { 0.5 + Float($0 % 48) / 48 }    // metres, row by row
    let map = DepthMap(width: 48, height: 64, values: values, kind: .depth)
    let data = try photo.embedding(map, replacing: true)
    try data.write(to: URL(fileURLWithPath: "out.jpg"))
}

// Sources/DepthCheck/DepthCheck.docc/ComparingAnExport.md, sample 2
func theExportKeepsTheDepth() throws {
    let original = try DepthPhoto(contentsOf: Bundle.module.url(forResource: "portrait", withExtension: "heic")!)
    let exported = try DepthPhoto(bytes: [UInt8](try MyExporter().export(original.bytes)), name: "export.jpg")
    let comparison = original.compare(to: exported)
    #expect(comparison.verdict == .ok, "\(comparison.auxImages.filter { $0.change != .kept })")
}
