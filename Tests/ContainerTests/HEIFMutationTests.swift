import Testing
import Container
import TestSupport

/// Seeded byte mutations of good files: whatever the bytes say, parsing returns or throws a
/// ParseError and never traps. The seed is printed so a failure can be replayed.
@Suite struct HEIFMutationTests {
    static var inputs: [[UInt8]] {
        var list = HEIFFileTests.goodFixtures
        for name in ["libheif-alpha-control.heic", "imageio-heic-depth-minimal.heic", "libheif-fuzz-bad-depth.heic"] {
            if let b = FileBytes.read(TestData.real(name)) { list.append(b) }
        }
        return list
    }

    @Test func mutatedStructureNeverTraps() throws {
        let seed: UInt64 = 0x5EED_2026
        print("HEIFMutationTests seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        var parsed = 0, thrown = 0
        for input in Self.inputs {
            // Mutate only the structure (everything up to the end of meta), where parsers look.
            let structureEnd = (try? HEIF.File(parsing: input).metaRange.upperBound) ?? input.count
            for _ in 0..<1500 {
                var b = input
                for _ in 0..<(1 + rng.below(4)) {
                    let at = rng.below(structureEnd)
                    switch rng.below(4) {
                    case 0: b[at] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: b[at] = 0xFF
                    case 2: b[at] = 0
                    default: b[at] ^= UInt8(1) << UInt8(rng.below(8))
                    }
                }
                switch Result(catching: { () throws(ParseError) -> HEIF.File in try HEIF.File(parsing: b) }) {
                case .success(let f):
                    parsed += 1
                    _ = f.auxiliaryImages
                    _ = f.metadataItems
                    for it in f.items { _ = f.transforms(of: it.id); _ = f.tiles(of: it.id) }
                case .failure: thrown += 1
                }
            }
        }
        print("HEIFMutationTests: \(parsed) parsed, \(thrown) thrown")
        #expect(parsed + thrown == Self.inputs.count * 1500)
    }
}
