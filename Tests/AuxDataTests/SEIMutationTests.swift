import Testing
import Container
@testable import AuxData

/// A small deterministic generator (SEITestRandom) so a failing case can be replayed from its seed.
struct SEITestRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

@Suite struct SEIMutationTests {
    @Test func mutatedSEIBytesNeverTrap() throws {
        let seed: UInt64 = 0x5EED_0177
        print("SEIMutationTests seed \(seed)")
        var rng = SEITestRandom(state: seed)
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
        var rng = SEITestRandom(state: seed)
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
