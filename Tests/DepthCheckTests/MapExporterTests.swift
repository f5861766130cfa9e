import AuxData
import DepthCheck
import Foundation
import Testing
import TestSupport

/// Map files as the library writes them, byte for byte, from the 16×12 disparity of the
/// repository's JPEG (hdis, 0.5…2 1/m).
@Suite struct MapExporterTests {
    static let good = URL(fileURLWithPath: TestData.corpus + "/good/jpeg-disparity.jpg")

    static func floats(_ data: Data, from start: Int) -> [Float] {
        let bytes = [UInt8](data)
        return stride(from: start, to: bytes.count, by: 4).map { (i: Int) -> Float in
            var bits: UInt32 = 0
            for k in 0..<4 { bits |= UInt32(bytes[i + k]) << UInt32(8 * k) }
            return Float(bitPattern: bits)
        }
    }

    @Test func pfmHoldsTheValuesBottomRowFirst() throws {
        let photo = try DepthPhoto(contentsOf: Self.good)
        let aux = try #require(photo.auxImages.first)
        let values = try photo.values(of: aux)
        let (data, description) = try photo.exported(aux, MapExporter.Request(format: .pfm))
        let header = Array("Pf\n16 12\n-1.0\n".utf8)
        #expect(Array(data.prefix(header.count)) == header)
        #expect(data.count == header.count + 16 * 12 * 4)
        #expect(description == nil)
        let rows = Self.floats(data, from: header.count)
        for y in 0..<12 {
            #expect(Array(rows[(y * 16)..<((y + 1) * 16)]) == Array(values[((11 - y) * 16)..<((12 - y) * 16)]))
        }
    }

    @Test func npyHoldsFloat32DepthByDefault() throws {
        let photo = try DepthPhoto(contentsOf: Self.good)
        let aux = try #require(photo.auxImages.first)
        let (data, _) = try photo.exported(aux, MapExporter.Request(format: .npy, numbers: .depth))
        #expect(data.count == 128 + 16 * 12 * 4, "a preamble padded to 128 bytes, then Float32 values")
        let preamble = String(decoding: data[10..<128], as: UTF8.self)
        #expect(preamble.hasPrefix("{'descr': '<f4', 'fortran_order': False, 'shape': (12, 16), }"))
        let depth = try #require(try photo.depthMap(as: .depth))
        #expect(Self.floats(data, from: 128) == depth.values)
    }

    @Test func rawComesWithItsDictionary() throws {
        let photo = try DepthPhoto(contentsOf: Self.good)
        let aux = try #require(photo.auxImages.first)
        let (data, description) = try photo.exported(aux, MapExporter.Request(format: .raw))
        #expect(data.count == 16 * 12 * 2, "hdis: half floats, as the file declares")
        let text = try #require(description)
        #expect(text.contains("\"PixelFormat\": \"hdis\"") && text.contains("\"Width\": 16") && text.contains("\"BytesPerRow\": 32"))
        let (stored, _) = try photo.exported(aux, MapExporter.Request(format: .npy, numbers: .stored))
        #expect(stored.count == 128 + 16 * 12)
        #expect(String(decoding: stored[10..<128], as: UTF8.self).hasPrefix("{'descr': '|u1', 'fortran_order': False, 'shape': (12, 16), }"))
    }

    @Test func pngIsSixteenBitGrayWithItsRange() throws {
        let photo = try DepthPhoto(contentsOf: Self.good)
        let aux = try #require(photo.auxImages.first)
        let (data, _) = try photo.exported(aux, MapExporter.Request(format: .png, software: "test"))
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("Kind\0disparity") && text.contains("Software\0test"))
    }

    @Test func aMatteHasNoDepth() throws {
        let photo = try DepthPhoto(contentsOf: URL(fileURLWithPath: TestData.corpus + "/good/writer-jpeg-depth-fdep-o3-matte.jpg"))
        let matte = try #require(photo.auxImages.first { $0.kind == .portraitEffectsMatte })
        #expect(throws: MapExportError.noDepthValues(index: 3, kind: "portraitEffectsMatte")) {
            try photo.exported(matte, MapExporter.Request(format: .pfm, numbers: .depth))
        }
    }

    /// An output that takes appends only, as a pipe or a device does: a write "at" an offset
    /// lands at the end, so PFM's bottom-first rows must come in the order they go.
    final class AppendOnlyOutput: MapOutput {
        var bytes: [UInt8] = []
        var canWriteAtOffsets: Bool { false }
        func append(_ b: [UInt8]) -> Bool { bytes += b; return true }
        func write(_ b: [UInt8], at offset: Int) -> Bool { append(b) }
    }

    @Test func aPipeGetsThePFMAFileGets() throws {
        let photo = try DepthPhoto(contentsOf: Self.good)
        let aux = try #require(photo.auxImages.first)
        let (file, _) = try photo.exported(aux, MapExporter.Request(format: .pfm))
        let model = try PhotoReader.read(photo.bytes)
        let pipe = AppendOnlyOutput()
        let exported = try MapExporter(photo: model, bytes: photo.bytes)
            .export(try #require(model.auxImages.first), MapExporter.Request(format: .pfm), to: pipe)
        #expect(exported == nil)
        #expect(pipe.bytes == [UInt8](file))
    }

    @Test func memoryOutputPlacesBytesAtTheirOffset() {
        let out = MapMemoryOutput()
        #expect(out.write([7, 8], at: 3))
        #expect(out.append([9]))
        #expect(out.bytes == [0, 0, 0, 7, 8, 9])
        #expect(!out.write([1], at: -1))
    }
}
