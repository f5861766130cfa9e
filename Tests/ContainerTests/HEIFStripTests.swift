import Foundation
import Testing
@testable import Container
import TestSupport

/// Removing a HEIF item removes its bytes: its coded data (in `mdat` and `idat`), its
/// metadata and tiles, and the properties nothing else uses; what kept items and tracks
/// locate stays byte for byte, and so do bytes nothing locates.
struct HEIFStripTests {
    struct Stripped {
        let before: HEIF.File
        let written: [UInt8]
        let after: HEIF.File
        let gone: [UInt32]
        /// Bytes the removed items located that no kept item locates.
        let removedCoded: Int
    }

    /// The bytes of every extent of `id`.
    static func data(_ id: UInt32, _ f: HEIF.File, _ bytes: [UInt8]) -> [UInt8]? {
        f.dataRanges[id].map { $0.flatMap { bytes[$0] } }
    }

    /// Removes `id` and checks what holds for every strip: no 64-byte slice of the removed
    /// coded data is left, the file shrinks by at least those bytes, every property is used,
    /// every kept item's data is what it was, the result reads without issues and writes
    /// again unchanged.
    static func strip(_ bytes: [UInt8], _ id: UInt32) throws -> Stripped {
        let before = try HEIF.File(parsing: bytes)
        var editor = try HEIF.ItemEditor(before, bytes: bytes)
        let gone = editor.remove(id)
        let written = try editor.serialized()
        let after = try HEIF.File(parsing: written)
        #expect(after.issues.isEmpty, "\(after.issues)")
        #expect(after.items.map(\.id) == before.items.map(\.id).filter { !gone.contains($0) })
        // What stays located: kept items' extents and any track's chunks.
        var kept = before.items.map(\.id).filter { !gone.contains($0) }.flatMap { before.dataRanges[$0] ?? [] }
        if let moov = before.topLevelBoxes.first(where: { $0.type == "moov" }) {
            kept += try BMFF.TrackChunks(parsing: bytes, moov: moov.range).chunks.map(\.range)
        }
        let removed = HEIF.ByteCuts(removing: gone.flatMap { before.dataRanges[$0] ?? [] }, keeping: kept)
        // (a) Slices of the removed image's coded data (its first, middle and last 64 bytes;
        // its tiles' too); a metadata item's payload as a whole, since XMP packets share
        // their opening lines.
        let coded = ([id] + before.tiles(of: id)).flatMap { before.dataRanges[$0] ?? [] }
        for r in HEIF.ByteCuts(removing: coded, keeping: kept).ranges where r.count >= 64 {
            for start in [r.lowerBound, r.lowerBound + (r.count - 64) / 2, r.upperBound - 64] {
                let slice = Array(bytes[start..<(start + 64)])
                #expect(ByteSearch.offsets(of: slice, in: written).isEmpty, "bytes \(start)..<\(start + 64) of item \(id) are left")
            }
        }
        for m in before.metadata(describing: id) where gone.contains(m.itemID) {
            let payload = try #require(data(m.itemID, before, bytes))
            #expect(ByteSearch.offsets(of: payload, in: written).isEmpty, "metadata item \(m.itemID) is left")
        }
        // (b) The file shrinks by at least the removed bytes.
        #expect(written.count <= bytes.count - removed.count)
        // (c) Every property left is associated with an item (or entity group).
        let used = Set((after.meta.itemProperties?.associations ?? []).flatMap(\.entries).flatMap(\.associations).map(\.propertyIndex))
        #expect(used.subtracting([0]) == Set(after.properties.map(\.index)))
        // (d) Every kept item's data, the primary's included, is what it was.
        for k in after.items.map(\.id) { #expect(data(k, after, written) == data(k, before, bytes), "item \(k)") }
        #expect(after.primaryItemID == before.primaryItemID)
        #expect(try HEIF.ItemEditor(parsing: written).serialized() == written, "a second write changes nothing")
        return Stripped(before: before, written: written, after: after, gone: gone, removedCoded: removed.count)
    }

    /// The first depth or disparity aux item.
    static func depthItem(_ f: HEIF.File) throws -> UInt32 {
        try #require(f.auxiliaryImages.first { a in
            ["depth", "disparity", "auxid:2"].contains { a.auxType?.contains($0) == true }
        }).itemID
    }

    /// heif-info's exit status and output for `bytes`.
    static func heifInfo(_ bytes: [UInt8], _ name: String) throws -> Tools.Result {
        let path = NSTemporaryDirectory() + "depthcheck-strip-\(getpid())-\(name)"
        #expect(FileBytes.write(bytes, to: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Tools.run(try #require(Tools.which("heif-info")), [path])
    }

    // MARK: - Real and corpus files

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func iOS16DepthIsStrippedWithItsBytes() throws {
        let bytes = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        let before = try HEIF.File(parsing: bytes)
        let depth = try Self.depthItem(before)
        let s = try Self.strip(bytes, depth)
        // Item 54: 9,806 bytes of HEVC depth at 1,289,275; item 55: its 5,680-byte XMP at 9,482.
        #expect(depth == 54)
        #expect(s.gone == [54, 55])
        #expect(s.before.dataRanges[54] == [1_289_275..<1_299_081])
        #expect(s.before.dataRanges[55] == [9_482..<15_162])
        #expect(s.removedCoded == 9_806 + 5_680)
        // The meta loses 321 bytes: two infe, two iloc entries, the iref entries, two ipma
        // entries and three properties (hvcC, ispe and auxC of the depth; the others are shared).
        #expect(bytes.count == 1_299_081)
        #expect(s.written.count == 1_299_081 - 15_486 - 321)
        #expect(s.before.properties.count - s.after.properties.count == 3)
        #expect(s.after.auxiliaryImages.map(\.itemID) == [52])
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic"), .tool("heif-info")))
    func iOS16WithoutDepthOpensInHeifInfo() throws {
        let bytes = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        let s = try Self.strip(bytes, try Self.depthItem(try HEIF.File(parsing: bytes)))
        let info = try Self.heifInfo(s.written, "ios16.heic")
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.text.contains("depth channel: no"), "\(info.text)")
    }

    static let goodHEICs = ["heif-disparity.heic", "writer-heif-depth-fdep-o8-matte.heic", "writer-heif-depth-hdep-o3-matte.heic",
                            "writer-heif-disparity-fdis-o1-cropped.heic", "writer-heif-disparity-hdis-o6-semantic.heic"]

    @Test(arguments: goodHEICs)
    func goodCorpusDepthIsStrippedWithItsBytes(_ name: String) throws {
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/" + name))
        let before = try HEIF.File(parsing: bytes)
        let depth = try Self.depthItem(before)
        let s = try Self.strip(bytes, depth)
        // Each file: the depth or disparity item 2 and its XMP item 3 (in the xpacket wrapper).
        let expected: [String: (removed: Int, before: Int, after: Int)] = [
            "heif-disparity.heic": (724, 1_504, 429),
            "writer-heif-depth-fdep-o8-matte.heic": (2_062, 6_342, 3_943),
            "writer-heif-depth-hdep-o3-matte.heic": (2_062, 4_679, 2_280),
            // Its disparity and XMP fill an mdat of their own, which goes whole (8 bytes more).
            "writer-heif-disparity-fdis-o1-cropped.heic": (1_857, 2_683, 470),
            "writer-heif-disparity-hdis-o6-semantic.heic": (1_857, 10_579, 8_385),
        ]
        let e = try #require(expected[name])
        #expect(s.gone == [2, 3])
        #expect(s.removedCoded == e.removed)
        #expect(bytes.count == e.before)
        #expect(s.written.count == e.after)
    }

    /// The writer's corpus files are made from heif-disparity.heic with its disparity replaced:
    /// none of that disparity's bytes is in them.
    @Test(arguments: goodHEICs.dropFirst())
    func writerCorpusFilesHoldNothingOfTheReplacedDisparity(_ name: String) throws {
        let base = try #require(FileBytes.read(TestData.corpus + "/good/heif-disparity.heic"))
        let f = try HEIF.File(parsing: base)
        // Item 2: 36 bytes of HEVC; item 3: its 688-byte XMP.
        let coded = try #require(Self.data(2, f, base)), xmp = try #require(Self.data(3, f, base))
        #expect(coded.count == 36 && xmp.count == 688)
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/" + name))
        #expect(ByteSearch.offsets(of: coded, in: bytes).isEmpty)
        #expect(ByteSearch.offsets(of: xmp, in: bytes).isEmpty)
    }

    @Test(.requires(.tool("heif-info")), arguments: goodHEICs)
    func goodCorpusWithoutDepthOpensInHeifInfo(_ name: String) throws {
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/" + name))
        let s = try Self.strip(bytes, try Self.depthItem(try HEIF.File(parsing: bytes)))
        let info = try Self.heifInfo(s.written, name)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.text.contains("depth channel: no"), "\(info.text)")
    }

    @Test func aGridAuxGoesWithItsTiles() throws {
        let bytes = HEIFFixture.gridDisparity()
        let s = try Self.strip(bytes, 2)
        #expect(s.gone == [2, 3, 5, 6])
        let tile = try #require(Self.data(5, s.before, bytes))
        #expect(Self.data(6, s.before, bytes) == tile)
        #expect(ByteSearch.offsets(of: tile, in: s.written).isEmpty)
        // The grid descriptor (8 bytes), two 36-byte tiles, the 688-byte XMP.
        #expect(tile.count == 36)
        #expect(s.removedCoded == 8 + 36 + 36 + 688)
        #expect(bytes.count == 1_667 && s.written.count == 429)
        // What is left is what is left of the file the grid was made from.
        let plain = try #require(FileBytes.read(TestData.corpus + "/good/heif-disparity.heic"))
        #expect(s.written == (try Self.strip(plain, 2)).written)
    }

    // MARK: - Made files: shared bytes, unknown bytes, idat, tracks

    static let primary = (0..<100).map { UInt8($0) }
    static let unknown = [UInt8](repeating: 0xEE, count: 30)
    static let aux = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 131) }
    static let xmp = Array("<x:xmpmeta>depth</x:xmpmeta>".utf8)
    static let other = (0..<16).map { UInt8(0xF0 | $0) }

    /// Primary 1, its depth 2 (hidden) with XMP item 3, and item 4 of a type nothing reads in
    /// `idat`. mdat: primary 0..<100, 30 bytes no item locates, depth 130..<330, XMP 330..<358.
    /// Properties: 1 ispe (primary), 2 auxC and 3 ispe (depth), 4 pixi (both).
    static func fixture() -> CustomHEIF {
        var h = CustomHEIF()
        h.items = [(1, "hvc1", 0, nil), (2, "hvc1", 1, nil), (3, "mime", 0, "application/rdf+xml"), (4, "zzzz", 0, nil)]
        h.refs = [("auxl", 2, [1]), ("cdsc", 3, [2])]
        h.properties = [CustomHEIF.ispe(10, 10), CustomHEIF.auxC("urn:mpeg:hevc:2015:auxid:2"), CustomHEIF.ispe(5, 5),
                        BMFFBuilder.fullBox("pixi") { b in b.u8(1); b.u8(8) }]
        h.ipma = [(1, [0x01, 0x04]), (2, [0x82, 0x03, 0x04])]
        h.mdat = primary + unknown + aux + xmp
        h.locations = [(1, 0, 0, 100), (2, 0, 130, 200), (3, 0, 330, 28), (4, 1, 0, 16)]
        h.idat = other
        return h
    }

    /// Where the mdat payload of `h`'s file starts.
    static func mdatPayload(_ h: CustomHEIF) -> Int {
        var plain = h
        plain.afterMdat = []
        return plain.build().count - h.mdat.count
    }

    @Test func madeFileLosesTheDepthBytesAndKeepsWhatNoItemLocates() throws {
        let bytes = Self.fixture().build()
        let s = try Self.strip(bytes, 2)
        #expect(s.gone == [2, 3])
        #expect(s.removedCoded == 228)
        // The mdat now holds the primary and the 30 bytes nothing located, in their order.
        let mdat = try #require(s.after.topLevelBoxes.last)
        #expect(Array(s.written[mdat.payloadRange]) == Self.primary + Self.unknown)
        // auxC and the depth's ispe go; pixi, shared, is now property 2.
        #expect(s.after.properties.map(\.type) == ["ispe", "pixi"])
        #expect(s.after.properties(of: 1).map(\.index) == [1, 2])
        // The item of an unknown type keeps its infe byte for byte and its idat data.
        #expect(s.after.item(4)?.type == "zzzz")
        #expect(Self.data(4, s.after, s.written) == Self.other)
        // meta loses 199 bytes: two infe (21 + 41), the iref with its two references (12 + 28),
        // two iloc entries (2 × 16), an ipma entry (6), auxC and ispe (39 + 20).
        #expect(bytes.count == 847)
        #expect(s.written.count == 847 - 228 - 199)
    }

    @Test func bytesAKeptItemSharesStay() throws {
        var h = Self.fixture()
        // The depth's one extent runs from the primary's 50th byte to the end of its XMP.
        h.locations[1] = (2, 0, 50, 280)
        let bytes = h.build()
        let s = try Self.strip(bytes, 2)
        // Cut: the 30 unlocated bytes inside the depth's extent, the depth, the XMP.
        #expect(s.removedCoded == 30 + 200 + 28)
        #expect(Self.data(1, s.after, s.written) == Self.primary)
        let mdat = try #require(s.after.topLevelBoxes.last)
        #expect(Array(s.written[mdat.payloadRange]) == Self.primary)
    }

    @Test func idatBytesOfARemovedItemGoAndKeptOffsetsMoveBack() throws {
        var h = Self.fixture()
        // The XMP in idat before item 4's data.
        h.idat = Self.xmp + Self.other
        h.mdat = Self.primary + Self.unknown + Self.aux
        h.locations = [(1, 0, 0, 100), (2, 0, 130, 200), (3, 1, 0, 28), (4, 1, 28, 16)]
        let bytes = h.build()
        let s = try Self.strip(bytes, 2)
        #expect(s.removedCoded == 200 + 28)
        let idat = try #require(s.after.meta.idat)
        #expect(Array(s.written[idat]) == Self.other)
        #expect(s.after.meta.itemLocation?.items.first { $0.itemID == 4 }?.extents.map(\.offset) == [0])
        #expect(Self.data(4, s.after, s.written) == Self.other)
    }

    /// A `moov` after the mdat with one track of two chunks: the primary's 100 bytes and the
    /// depth's first 64 (shared with the track, so they stay).
    static func movie(stco: [UInt32], sampleSizes: FourCC = "stsz") -> [UInt8] {
        BMFFBuilder.box("moov") { b in
            b.box("trak") { b in b.box("mdia") { b in b.box("minf") { b in b.box("stbl") { b in
                b.fullBox("stsc") { b in b.u32(1); b.u32(1); b.u32(1); b.u32(1) }
                if sampleSizes == "stsz" {
                    b.fullBox("stsz") { b in b.u32(0); b.u32(2); b.u32(100); b.u32(64) }
                } else {
                    b.fullBox("stz2") { b in b.u24(0); b.u8(16); b.u32(2); b.u16(100); b.u16(64) }
                }
                b.fullBox("stco") { b in b.u32(UInt32(stco.count)); for o in stco { b.u32(o) } }
            } } } }
        }
    }

    static func withMovie(sampleSizes: FourCC = "stsz") -> [UInt8] {
        var h = Self.fixture()
        let payload = UInt32(Self.mdatPayload(h))
        h.afterMdat = [Self.movie(stco: [payload, payload + 130], sampleSizes: sampleSizes)]
        return h.build()
    }

    /// The bytes of each chunk of the file's track.
    static func chunkBytes(_ bytes: [UInt8]) throws -> [[UInt8]] {
        let f = try HEIF.File(parsing: bytes)
        let moov = try #require(f.topLevelBoxes.first { $0.type == "moov" })
        return try BMFF.TrackChunks(parsing: bytes, moov: moov.range).chunks.map { Array(bytes[$0.range]) }
    }

    @Test func trackChunksStayAndTheirOffsetsMove() throws {
        let bytes = Self.withMovie()
        #expect(try Self.chunkBytes(bytes) == [Self.primary, Array(Self.aux.prefix(64))])
        let s = try Self.strip(bytes, 2)
        // The track's 64 bytes of the depth stay; the other 136 and the XMP go.
        #expect(s.removedCoded == 136 + 28)
        #expect(try Self.chunkBytes(s.written) == [Self.primary, Array(Self.aux.prefix(64))])
        let f = try HEIF.File(parsing: s.written)
        let moov = try #require(f.topLevelBoxes.first { $0.type == "moov" })
        let chunks = try BMFF.TrackChunks(parsing: s.written, moov: moov.range).chunks
        // The mdat payload moves from 489 to 290 (meta is 199 bytes smaller); the primary and
        // the 30 unlocated bytes stay, so the depth's shared 64 bytes are still 130 bytes on.
        #expect(Self.mdatPayload(Self.fixture()) == 489)
        #expect(chunks.map(\.range.lowerBound) == [290, 420])
    }

    @Test func trackChunkOffsetsMoveWhenMetaGrows() throws {
        // Adding an item makes meta larger and moves the mdat: the track must follow.
        let bytes = Self.withMovie()
        var editor = try HEIF.ItemEditor(parsing: bytes)
        try editor.add(HEIF.NewItem(type: BMFF.BoxType.mime, contentType: "application/rdf+xml", data: Self.xmp,
                                references: [(BMFF.BoxType.cdsc, [1])]))
        let written = try editor.serialized()
        #expect(written.count > bytes.count)
        #expect(try Self.chunkBytes(written) == [Self.primary, Array(Self.aux.prefix(64))])
    }

    @Test func trackWithCompactSampleSizesIsRefusedWhenOffsetsMove() throws {
        let bytes = Self.withMovie(sampleSizes: "stz2")
        var editor = try HEIF.ItemEditor(parsing: bytes)
        editor.remove(2)
        let error = try #require(throws: WriteError.self) { try editor.serialized() }
        #expect(error.reason == .unreadable)
        #expect(error.path == "moov/trak@\(Self.mdatPayload(Self.fixture()) + 358 + 8)/mdia/minf/stbl/stz2")
    }

    @Test func movieFragmentsAreRefusedWhenOffsetsMove() throws {
        var h = Self.fixture()
        h.afterMdat = [BMFFBuilder.box("moof")]
        let bytes = h.build()
        var editor = try HEIF.ItemEditor(parsing: bytes)
        editor.remove(2)
        #expect(throws: WriteError(.cannotRemove, at: bytes.count - 8, path: "moof")) { try editor.serialized() }
    }

    @Test func aMovieMetaWithItemLocationsIsRefusedWhenOffsetsMove() throws {
        var h = Self.fixture()
        let iloc = BMFFBuilder.fullBox("iloc") { b in b.u8(0x44); b.u8(0); b.u16(0) }
        h.afterMdat = [BMFFBuilder.box("moov") { b in b.fullBox("meta") { b in b.bytes(iloc) } }]
        let bytes = h.build()
        var editor = try HEIF.ItemEditor(parsing: bytes)
        editor.remove(2)
        #expect(throws: WriteError(.cannotRemove, at: bytes.count - iloc.count - 12, path: "moov/meta")) {
            try editor.serialized()
        }
    }

    /// Seeded byte mutations of the made file and the iOS 16 file's structure: removing the
    /// depth returns or throws a ParseError, never traps. The seed is printed for a replay.
    @Test func mutatedFilesNeverTrapTheWriter() throws {
        let seed: UInt64 = 0x57_219
        print("HEIFStripTests seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        var inputs = [Self.fixture().build(), Self.withMovie()]
        if let b = FileBytes.read(TestData.real("apple-heic-depth-gainmap-ios16.heic")) { inputs.append(Array(b.prefix(3934)) + [0, 0, 0, 8] + Array("mdat".utf8)) }
        var written = 0, thrown = 0
        for input in inputs {
            for _ in 0..<800 {
                var b = input
                for _ in 0..<(1 + rng.below(4)) {
                    let at = rng.below(b.count)
                    switch rng.below(3) {
                    case 0: b[at] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: b[at] = 0xFF
                    default: b[at] ^= UInt8(1) << UInt8(rng.below(8))
                    }
                }
                do throws(WriteError) {
                    var editor = try HEIF.ItemEditor(parsing: b)
                    for id in [2, 54] as [UInt32] { editor.remove(id) }
                    _ = try editor.serialized()
                    written += 1
                } catch {
                    thrown += 1
                }
            }
        }
        print("HEIFStripTests: \(written) written, \(thrown) thrown")
        #expect(written + thrown == inputs.count * 800)
    }

    // MARK: - Nothing dropped without an error

    @Test func bytesAfterTheLastBoxAreKeptAndNewDataAfterThemRefused() throws {
        let tail = Array("abcd".utf8)
        let bytes = Self.fixture().build() + tail
        var editor = try HEIF.ItemEditor(parsing: bytes)
        editor.remove(2)
        let written = try editor.serialized()
        #expect(written.count == bytes.count - 228 - 199)
        #expect(Array(written.suffix(4)) == tail)
        // A new mdat after them would be read as part of the box they start.
        try editor.add(HEIF.NewItem(type: BMFF.BoxType.mime, contentType: "application/rdf+xml", data: Self.xmp,
                                references: [(BMFF.BoxType.cdsc, [1])]))
        #expect(throws: WriteError(.unreadable, at: bytes.count - 4, path: "")) { try editor.serialized() }
    }

    @Test func aBoxInIprpTheWriterDoesNotKeepIsRefused() throws {
        var h = Self.fixture()
        h.iprpExtras = [BMFFBuilder.box("free") { b in b.u32(7) }]
        let bytes = h.build()
        let at = try #require(ByteSearch.offsets(of: Array("free".utf8), in: bytes).first) - 4
        let error = try #require(throws: WriteError.self) { try HEIF.ItemEditor(parsing: bytes) }
        #expect(error == WriteError(.unreadable, at: at, path: ""))
        #expect(error.path == "meta/iprp")
    }

    @Test func anItemInfoEntryThatCannotBeReadIsRefused() throws {
        var h = Self.fixture()
        // A mime entry without its content type: the parser cannot read it.
        h.items.append((5, "mime", 0, nil))
        let bytes = h.build()
        #expect(try HEIF.File(parsing: bytes).items.count == 4)
        let at = try #require(ByteSearch.offsets(of: Array("infe".utf8), in: bytes).last) - 4
        let error = try #require(throws: WriteError.self) { try HEIF.ItemEditor(parsing: bytes) }
        #expect(error == WriteError(.unreadable, at: at, path: ""))
        #expect(error.path == "meta/iinf")
    }

    @Test func unknownBoxesAreCopiedThroughAStrip() throws {
        var h = Self.fixture()
        let inMeta = BMFFBuilder.box("abcd") { b in b.bytes(Array("kept in meta".utf8)) }
        let atTop = BMFFBuilder.box("wxyz") { b in b.bytes(Array("kept at the top".utf8)) }
        h.metaExtras = [inMeta]
        h.afterMdat = [atTop]
        let s = try Self.strip(h.build(), 2)
        #expect(ByteSearch.offsets(of: inMeta, in: s.written).count == 1)
        #expect(Array(s.written.suffix(atTop.count)) == atTop)
    }

    /// A `ster` group (ISO/IEC 23008-12 §6.8.5: a stereo pair) without one of its two views
    /// would mean something else; the writer leaves that to whoever knows the group.
    @Test func aGroupOtherThanAltrListingTheRemovedItemIsRefused() throws {
        var h = Self.fixture()
        h.metaExtras = [BMFFBuilder.box("grpl") { b in
            b.fullBox("ster") { b in b.u32(100); b.u32(2); b.u32(1); b.u32(2) }
        }]
        let bytes = h.build()
        let at = try #require(ByteSearch.offsets(of: Array("ster".utf8), in: bytes).first) - 4
        var editor = try HEIF.ItemEditor(parsing: bytes)
        editor.remove(2)
        #expect(throws: WriteError(.cannotRemove, at: at, path: "meta/grpl/ster")) { try editor.serialized() }
    }

    @Test func removedDataOutsideAnMdatIsRefused() throws {
        var h = Self.fixture()
        // The depth's bytes in a free box after the mdat.
        h.mdat = Self.primary + Self.unknown
        h.afterMdat = [BMFFBuilder.box("free") { b in b.bytes(Self.aux) }]
        h.locations = [(1, 0, 0, 100), (2, 0, 138, 200), (4, 1, 0, 16)]
        h.items.remove(at: 2)
        h.refs.removeLast()
        let bytes = h.build()
        let entry = try #require(try HEIF.File(parsing: bytes).meta.itemLocation?.items.first { $0.itemID == 2 }).entryOffset
        var editor = try HEIF.ItemEditor(parsing: bytes)
        editor.remove(2)
        #expect(throws: WriteError(.cannotRemove, at: entry, path: "meta/iloc/item[2]")) { try editor.serialized() }
    }

    @Test func removedDataThroughADataReferenceIsRefused() throws {
        var bytes = Self.fixture().build()
        let entry = try #require(try HEIF.File(parsing: bytes).meta.itemLocation?.items.first { $0.itemID == 2 }).entryOffset
        // iloc version 1: item_ID, construction_method, then data_reference_index.
        bytes[entry + 5] = 1
        #expect(try HEIF.File(parsing: bytes).meta.itemLocation?.items.first { $0.itemID == 2 }?.dataReferenceIndex == 1)
        var editor = try HEIF.ItemEditor(parsing: bytes)
        editor.remove(2)
        #expect(throws: WriteError(.cannotRemove, at: entry, path: "meta/iloc/item[2]")) { try editor.serialized() }
    }

    @Test func byteCutsSubtractKeptRangesAndMoveOffsets() {
        let cuts = HEIF.ByteCuts(removing: [10..<20, 15..<30, 50..<60], keeping: [12..<14, 28..<55])
        #expect(cuts.ranges == [10..<12, 14..<28, 55..<60])
        #expect(cuts.count == 21)
        #expect(cuts.moved(13) == 11)
        #expect(cuts.moved(40) == 24)
        #expect(cuts.moved(70) == 49)
        #expect(cuts.cut(in: 0..<15) == 3)
        #expect(cuts.keeping(Array(0..<64), in: 8..<16) == [8, 9, 12, 13])
    }
}
