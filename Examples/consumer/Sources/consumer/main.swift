import DepthCheck
import Foundation

// consumer PHOTO OUT: prints the photo's aux images, its depth in metres and the verdict,
// then writes OUT with a 48×64 depth map embedded in place of the photo's own.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: consumer PHOTO OUT\n".utf8))
    exit(2)
}

let photo = try DepthPhoto(contentsOf: URL(fileURLWithPath: arguments[1]))
for aux in photo.auxImages {
    print("aux", aux.kind, aux.width, aux.height)        // aux disparity 576 768
}
if let map = try photo.depthMap(as: .depth) {            // depth or disparity, converted; nil if none
    print("map", map.width, map.height, map.values.min()!, map.values.max()!)   // metres
}
let report = try photo.validate(pixels: true)
print("verdict", report.verdict, report.findings.map { "\($0.rule)" })
let values = (0..<(48 * 64)).map { 0.5 + Float($0 % 48) / 48 }
let map = DepthMap(width: 48, height: 64, values: values, kind: .depth)
let data = try photo.embedding(map, replacing: true)     // Data; refuses as the CLI does
try data.write(to: URL(fileURLWithPath: arguments[2]))
