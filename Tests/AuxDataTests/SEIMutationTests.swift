import Testing
import Container
import TestSupport
@testable import AuxData

/// Seeded (SeededGenerator), so a failing case can be replayed from its printed seed.

@Suite struct SEIMutationTests {
    @Test func mutatedSEIBytesNeverTrap() throws {
        let seed: UInt64 = 0x5EED_0177
        print("SEIMutationTests seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        let base = SEIDepthRepresentationTests.apple
        var decoded = 0
        for _ in 0..<5_000 {
            var b = base
            for _ in 0...rng.below(3) {
                b[rng.below(b.count)] = UInt8(truncatingIfNeeded: rng.next())
            }
            do {
                let info = try DepthRepresentationSEI.decode(auxCSubtype: b[...], at: 0, path: "")
                _ = (info.dMin, info.dMax, info.zNear, info.zFar)
                decoded += 1
            } catch {
                #expect(error.offset >= 0 && error.offset <= b.count)
            }
        }
        #expect(decoded > 0)
    }

    @Test func mutatedXMPBytesNeverTrap() throws {
        let seed: UInt64 = 0x5EED_0A0D
        print("SEIMutationTests XMP seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        let base = Array(XMPDescriptionTests.dynamicDepthPacket.utf8)
        for _ in 0..<300 {
            var b = base
            for _ in 0...rng.below(4) {
                b[rng.below(b.count)] = UInt8(truncatingIfNeeded: rng.next())
            }
            do {
                let doc = try XMPDocument(parsing: b, at: 0, path: "")
                _ = (DynamicDepthDescription(doc), doc.metadata)
            } catch {
                #expect(error.offset >= 0 && error.offset <= b.count)
            }
        }
    }
}
