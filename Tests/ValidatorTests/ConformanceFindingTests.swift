import Container
import Testing
import TestSupport
import Validator

/// The exact findings of each MIAF, AVIF and HEIF conformance known-bad file: rule, offset,
/// path and message, errors and warnings alike. Each file is a real file (x265's pictures in
/// depthcheck's disparity HEIC, or heif-enc's AVIF) with one thing changed.
@Suite struct ConformanceFindingTests {
    struct Expected: Sendable, CustomStringConvertible {
        let file: String
        let findings: [String]
        var description: String { file }
    }

    static let cases: [Expected] = [
        Expected(file: "primary-without-pixi.heic", findings: [
            "structure.heif.miaf-pixi-missing 101 meta/iinf/item[1]: displayable image item 1 ('hvc1') has no pixi"]),
        Expected(file: "thumbnail-4x2-of-64x48.heic", findings: [
            "structure.heif.miaf-thumbnail-scale 184 meta/iinf/item[4]: thumbnail item 4 (4×2) has 384 times fewer pixels than its master image item 1 (64×48); at most 200 is allowed"]),
        Expected(file: "coded-item-in-idat.heic", findings: [
            "structure.heif.miaf-item-data-location 413 meta/iloc/item[1]: coded image item 1 ('hvc1') is located with construction_method 1; 0 is the one allowed"]),
        Expected(file: "xmp-in-free-box.heic", findings: [
            "structure.heif.miaf-item-data-location 683 meta/iloc/item[3]: the XMP item 3 lies outside every mdat, at bytes 824..<1512"]),
        Expected(file: "primary-pasp-4-3.heic", findings: [
            "structure.heif.miaf-pixel-aspect 606 meta/iprp/ipco[8]:pasp: item 1: pasp says 4:3, not square"]),
        Expected(file: "grid-of-420-tiles-odd-output.heic", findings: [
            "structure.heif.grid-chroma-alignment 184 meta/iloc/item[10]:grid: grid item 10 of 4:2:0 tiles: its output is 63×48; 4:2:0 needs even widths and heights"]),
        Expected(file: "primary-two-irot.heic", findings: [
            "structure.heif.property-repeated 615 meta/iprp/ipco[9]:irot: item 1 is associated with a second irot"]),
        Expected(file: "thumbnail-of-a-thumbnail.heic", findings: [
            "structure.heif.reference-target-invalid 280 meta/iref/thmb: 'thmb' from item 6 names item 5, itself a thumbnail: a thumbnail is of a master image"]),
        Expected(file: "iden-with-item-body.heic", findings: [
            "structure.heif.derivation-input-invalid 184 meta/iloc/item[5]: identity item 5 has 4 bytes of item body; it has none"]),
        Expected(file: "grid-inputs-in-two-dimg-boxes.heic", findings: [
            "structure.heif.derivation-input-invalid 259 meta/iref/dimg: item 10 has a second dimg box; its inputs are listed in one"]),
        Expected(file: "alpha-limited-range.avif", findings: [
            "structure.avif.auxiliary-coding 174 meta/iinf/item[2]: aux item 2: its sequence header codes color_range 0 (limited)"]),
        Expected(file: "alpha-with-two-av1c.avif", findings: [
            "structure.avif.av1c-mismatch 174 meta/iinf/item[2]: item 2 is associated with 2 av1C properties; it has one",
            "structure.heif.miaf-pixi-missing 174 meta/iinf/item[2]: displayable image item 2 ('av01') has no pixi"]),
        Expected(file: "primary-av1c-level-not-sequence-header.avif", findings: [
            "structure.avif.av1c-mismatch 153 meta/iinf/item[1]: item 1: av1C says seq_level_idx_0 5 (the sequence header: 0)"]),
        Expected(file: "av1-items-without-avif-brand.avif", findings: [
            "structure.avif.brands 0 ftyp: AV1 image items, but the brands 'mif1', 'mif1', 'mif1', 'miaf' include none of 'avif', 'avis' and 'avio'"]),
        Expected(file: "baseline-profile-level-5-2.avif", findings: [
            "structure.avif.brands 153 meta/iinf/item[1]: item 1 is AV1 profile 0 at seq_level_idx 14; the Baseline profile ('MA1B') allows profile 0 (Main) up to seq_level_idx 13"]),
        Expected(file: "a1op-operating-point-1.avif", findings: [
            "structure.avif.layered-item 205 meta/iprp/ipco[5]:a1op: item 1: a1op selects operating point 1; the sequence header has 1"]),
        Expected(file: "lsel-layer-1-of-one.avif", findings: [
            "structure.avif.layered-item 205 meta/iprp/ipco[5]:lsel: item 1: lsel names spatial layer 1; the data has spatial layer 0 only"]),
        Expected(file: "a1lx-of-one-layer.avif", findings: [
            "structure.avif.layered-item 205 meta/iprp/ipco[5]:a1lx: item 1: a1lx gives 1 layer size; the data has 1 layer, so 0"]),
        Expected(file: "primary-without-sequence-header.avif", findings: [
            "structure.avif.item-data 478 meta/iloc/item[1]:av01: item 1 has 0 Sequence Header OBUs in its 3 OBUs; it has exactly one"]),
    ]

    @Test(arguments: cases) func theKnownBadFileHasExactlyTheseFindings(_ c: Expected) throws {
        let bytes = try #require(BadCorpus.all.first { $0.name == c.file }).make()
        let findings = Validation.check(bytes: bytes, path: c.file, options: CheckOptions()).findings
            .filter { $0.severity == .error || $0.severity == .warning }
            .map { "\($0.rule.rawValue) \($0.offset.map(String.init) ?? "-") \($0.path): \($0.message)" }
        #expect(findings == c.findings)
    }

    /// MIAF §7.3.3 holds each thumbnail to the next larger one, and the largest to its master.
    @Test func eachThumbnailIsHeldToTheNextLargerOne() {
        func findings(_ sizes: [(width: UInt32, height: UInt32)]) -> [String] {
            Validation.check(bytes: HEIFFixture.withThumbnails(sizes), path: "t.heic", options: CheckOptions()).findings
                .filter { $0.severity == .error }.map { "\($0.path): \($0.message)" }
        }
        // 1×1 → 20×12 is 240 times; 20×12 → 64×48 is 12.8.
        #expect(findings([(20, 12), (1, 1)]) == [
            "meta/iinf/item[5]: thumbnail item 5 (1×1) has 240 times fewer pixels than the next larger thumbnail, item 4 (20×12); at most 200 is allowed"])
        // 1×1 → 4×2 → 64×48: 8 times, then 384.
        #expect(findings([(1, 1), (4, 2)]) == [
            "meta/iinf/item[5]: thumbnail item 5 (4×2) has 384 times fewer pixels than its master image item 1 (64×48); at most 200 is allowed"])
        // Two of one size count once: 16×12 → 64×48 is 16.
        #expect(findings([(16, 12), (16, 12)]).isEmpty)
        // 1×1 → 15×13 is 195 times and 15×13 → 64×48 15.8: both within 200.
        #expect(findings([(1, 1), (15, 13)]).isEmpty)
    }

    /// An a1lx on data with no frame to read: the data gives no layer count, so the sizes are
    /// not held to one (the missing frame is item-data's to say).
    @Test func a1lxOnDataWithoutAFrameIsNotCounted() throws {
        var bytes = AVIFFixture.primary(with: [(BMFFBuilder.box("a1lx") { b in b.u8(0); b.u16(30); b.u16(0); b.u16(0) }, false)])
        // The item's data: a temporal delimiter (2 bytes), the Sequence Header OBU (header, size
        // 9, payload) and the frame OBU, whose header 0x32 (type 6) becomes 0x7A (padding, 15).
        let at = try #require(ByteSearch.offsets(of: [0x12, 0x00, 0x0A, 0x09], in: bytes).first) + 13
        #expect(bytes[at] == 0x32)
        bytes[at] = 0x7A
        let layered = Validation.check(bytes: bytes, path: "t.avif", options: CheckOptions()).findings
            .filter { $0.rule.rawValue == "structure.avif.layered-item" }.map(\.message)
        #expect(layered.isEmpty, "\(layered)")
    }
}
