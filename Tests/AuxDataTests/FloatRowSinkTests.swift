import Testing
import TestSupport
@testable import AuxData

/// FloatRowSink, the Float32 path of the decoder: a linear mapping (apdi) is computed as
/// `offset + scale · sample` in vector code, bit for bit the same as its own table and within
/// a few ulp of the Double mapping; a mapping that is not linear goes through the table.
@Suite struct FloatRowSinkTests {
    static func decode(_ bytes: [UInt8], unit: ValueUnit? = nil, allowLinear: Bool = true) throws
        -> (values: [Float], stored: StoredImage, mapping: ValueMapping, linear: (offset: Float, scale: Float)?) {
        let photo = try PhotoReader.read(bytes)
        let aux = try #require(photo.auxImages.first { $0.kind.isDepthLike })
        let decoder = AuxDecoder(photo: photo, bytes: bytes)
        var values: [Float] = []
        var sink = FloatRowSink(mapping: { ValueMapping.of(aux, in: photo, bitDepth: $0.bitDepth) }, unit: unit,
                                allowLinear: allowLinear) { band in
            #expect(band.firstRow * band.width == values.count)
            values += band.values
        }
        try decoder.decode(aux, into: &sink)
        let stored = try decoder.storedImage(aux)
        return (values, stored, ValueMapping.of(aux, in: photo, bitDepth: stored.layout.bitDepth), sink.linear)
    }

    @Test func apdiDisparityIsConvertedByItsLinearForm() throws {
        let r = try Self.decode(JPEGFixture.demoDisparity())
        // apdi 0…255 → 0.5…2.0: offset 0.5, scale 1.5/255.
        let l = try #require(r.linear)
        #expect(l.offset == 0.5)
        #expect(l.scale == Float(1.5 / 255.0))
        #expect(r.values.count == 16 * 12)
        for (i, s) in r.stored.samples.enumerated() {
            #expect(r.values[i].bitPattern == (l.offset + l.scale * Float(s)).bitPattern)
            let exact = r.mapping.values[Int(s)]
            #expect(abs(Double(r.values[i]) - exact) <= 4 * Double(Float(exact).ulp), "sample \(s)")
        }
        #expect(r.values.first == 0.5 + Float(1.5 / 255.0) * Float(r.stored.samples[0]))
    }

    @Test func theTablePathIsWithinAFewUlpOfTheLinearForm() throws {
        let a = try Self.decode(JPEGFixture.demoDisparity())
        let b = try Self.decode(JPEGFixture.demoDisparity(), allowLinear: false)
        #expect(b.linear == nil)
        // The table path uses ValueMapping.table: Float of the Double value.
        for (i, s) in b.stored.samples.enumerated() { #expect(b.values[i] == Float(b.mapping.values[Int(s)])) }
        for (x, y) in zip(a.values, b.values) { #expect(abs(Double(x) - Double(y)) <= 4 * Double(y.ulp)) }
    }

    /// Disparity to depth is 1/x: not linear, so the table does it.
    @Test func conversionToDepthGoesThroughTheTable() throws {
        let r = try Self.decode(JPEGFixture.demoDisparity(), unit: .depth)
        #expect(r.linear == nil)
        for (i, s) in r.stored.samples.enumerated() { #expect(r.values[i] == Float(1 / r.mapping.values[Int(s)])) }
    }

    @Test func linearFormIsFoundOnlyForLinearTables() {
        #expect(ValueMapping(source: "t", unit: .depth, bitDepth: 2, values: [1, 2, 3, 4]).linearForm! == (1, 1))
        #expect(ValueMapping(source: "t", unit: .depth, bitDepth: 2, values: [1, 2, 4, 8]).linearForm == nil)
        #expect(ValueMapping(source: "t", unit: .depth, bitDepth: 2, values: [1, .nan, 3, 4]).linearForm == nil)
        #expect(ValueMapping(source: "t", unit: .depth, bitDepth: 1, values: [.infinity, 1]).linearForm == nil)
    }
}
