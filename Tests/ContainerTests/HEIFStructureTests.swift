import Testing
import Container
import TestSupport

/// A reader that loads a file in parts reads `HEIF.Structure` from the top-level box headers,
/// `ftyp` and `meta` alone, loads the item data it names, then completes it with
/// `HEIF.File(_:bytes:)`: the result must be the file `HEIF.File(parsing:)` reads whole.
@Suite struct HEIFStructureTests {
    /// `bytes` with every byte zeroed except the top-level box headers, `ftyp` and `meta`.
    static func headersAndMeta(_ bytes: [UInt8]) throws -> [UInt8] {
        let whole = try HEIF.File(parsing: bytes)
        var out = [UInt8](repeating: 0, count: bytes.count)
        for h in whole.topLevelBoxes {
            let keep = h.type == "ftyp" || h.type == "meta" ? h.range : h.offset..<(h.offset + h.headerSize)
            out.replaceSubrange(keep, with: bytes[keep])
        }
        return out
    }

    @Test(arguments: ["disparity", "grid"])
    func aStructureReadWithoutItemDataCompletesToTheWholeFile(_ fixture: String) throws {
        let bytes = fixture == "grid" ? HEIFFixture.gridDisparity() : HEIFFixture.corpusDisparity.build()
        let partial = try Self.headersAndMeta(bytes)
        #expect(partial != bytes, "item data to leave out")
        let structure = try HEIF.Structure(parsing: partial)
        #expect(structure.issues.isEmpty, "\(structure.issues.map(\.description))")
        let completed = HEIF.File(structure, bytes: bytes)
        let whole = try HEIF.File(parsing: bytes)
        #expect(Summary(completed) == Summary(whole))
        #expect(completed.metadataItems.count == whole.metadataItems.count && !whole.metadataItems.isEmpty)
        if fixture == "grid" {
            // The grid descriptor is item data: completed from the partial bytes instead, there
            // are only zeros to read, so the completion does read the bytes it is given.
            #expect(completed.grids.count == 1)
            #expect(HEIF.File(structure, bytes: partial).grids != completed.grids)
        }
    }
}
