import Testing
@testable import Container
import TestSupport

/// The HEIF writer: rebuild `meta`, move every offset, read again. Every item keeps its type,
/// properties, references and data bytes.
struct HEIFItemEditorTests {
    /// The bytes of every extent of `id`.
    static func data(_ id: UInt32, _ f: HEIF.File, _ bytes: [UInt8]) -> [UInt8]? {
        f.dataRanges[id].map { $0.flatMap { bytes[$0] } }
    }

    /// Writes `bytes` again with no change and checks the items, properties and data.
    static func rewriteUnchanged(_ bytes: [UInt8]) throws -> [UInt8] {
        let before = try HEIF.File(parsing: bytes)
        let written = try HEIF.ItemEditor(before, bytes: bytes).serialized()
        let after = try HEIF.File(parsing: written)
        #expect(after.issues.isEmpty, "\(after.issues)")
        #expect(after.items.map(\.id) == before.items.map(\.id))
        #expect(after.items.map(\.type) == before.items.map(\.type))
        #expect(after.primaryItemID == before.primaryItemID)
        #expect(after.references.map { "\($0.type) \($0.fromItemID)->\($0.toItemIDs)" }
                == before.references.map { "\($0.type) \($0.fromItemID)->\($0.toItemIDs)" })
        #expect(after.properties.map { Array(written[$0.range]) } == before.properties.map { Array(bytes[$0.range]) })
        for it in before.items {
            #expect(after.properties(of: it.id).map(\.index) == before.properties(of: it.id).map(\.index))
            #expect(data(it.id, after, written) == data(it.id, before, bytes), "item \(it.id)")
        }
        #expect(try HEIF.ItemEditor(parsing: written).serialized() == written, "a second write changes nothing")
        return written
    }

    @Test func goodCorpusHEICRewritesWithEqualItems() throws {
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/heif-disparity.heic"))
        _ = try Self.rewriteUnchanged(bytes)
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func iPhoneHEICWithGridDepthAndGainMapRewritesWithEqualItems() throws {
        _ = try Self.rewriteUnchanged(try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic"))
    }

    @Test(.requires(.realFile("imageio-heic-depth-minimal.heic")))
    func imageIOHEICRewritesWithEqualItems() throws {
        _ = try Self.rewriteUnchanged(try TestData.realBytes("imageio-heic-depth-minimal.heic"))
    }

    @Test(.requires(.realFile("libheif-alpha-control.heic")))
    func libheifAlphaHEICRewritesWithEqualItems() throws {
        _ = try Self.rewriteUnchanged(try TestData.realBytes("libheif-alpha-control.heic"))
    }

    /// An interrupted copy: the good corpus HEIC (ftyp 0..<28, meta 28..<699, mdat 699..<1504)
    /// cut at 1200, inside its mdat.
    @Test func aFileCutInItsMdatIsCopiedAsItIsAndNotEdited() throws {
        let whole = try #require(FileBytes.read(TestData.corpus + "/good/heif-disparity.heic"))
        #expect(whole.count == 1504)
        let cut = Array(whole[0..<1200])
        let file = try HEIF.File(parsing: cut)
        let editor = try HEIF.ItemEditor(file, bytes: cut)
        let c = try #require(editor.cutShort)
        #expect(c.description == "cut short at 1200 bytes: 'mdat' at 699 declares its end at byte 1504; the data of item 3 is incomplete")
        #expect(HEIF.CutShort(try HEIF.File(parsing: whole), bytes: whole) == nil)
        // A rewrite copies every byte that is there: meta is rebuilt to the same size here,
        // and the cut mdat follows it as it was.
        let written = try editor.serialized()
        #expect(written.count == 1200)
        #expect(Array(written[699...]) == Array(cut[699...]))
        // An edit refuses: the removed item's bytes are partly not there.
        var removing = editor
        removing.remove(3)
        #expect(throws: WriteError(.unreadable, at: 1200, path: "mdat")) { try removing.serialized() }
    }

    @Test func addedItemIsLocatedInANewMdat() throws {
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/heif-disparity.heic"))
        var editor = try HEIF.ItemEditor(parsing: bytes)
        let before = try HEIF.File(parsing: bytes)
        let primary = try #require(before.primaryItemID)
        let payload: [UInt8] = Array("<x:xmpmeta/>".utf8)
        let id = try editor.add(HEIF.NewItem(type: BMFF.BoxType.mime, contentType: "application/rdf+xml", data: payload,
                                         references: [(BMFF.BoxType.cdsc, [primary])]))
        let written = try editor.serialized()
        let after = try HEIF.File(parsing: written)
        #expect(after.issues.isEmpty)
        #expect(after.item(id)?.contentType == "application/rdf+xml")
        #expect(Self.data(id, after, written) == payload)
        #expect(after.metadata(describing: primary).contains { $0.itemID == id })
        for it in before.items { #expect(Self.data(it.id, after, written) == Self.data(it.id, before, bytes)) }
    }

    @Test func removingAnAuxItemTakesItsMetadataWithIt() throws {
        let bytes = try #require(FileBytes.read(TestData.corpus + "/good/heif-disparity.heic"))
        let before = try HEIF.File(parsing: bytes)
        let aux = try #require(before.auxiliaryImages.first)
        var editor = try HEIF.ItemEditor(before, bytes: bytes)
        let gone = editor.remove(aux.itemID)
        #expect(gone.contains(aux.itemID) && gone.count == 1 + before.metadata(describing: aux.itemID).count)
        let written = try editor.serialized()
        let after = try HEIF.File(parsing: written)
        #expect(after.issues.isEmpty)
        #expect(after.auxiliaryImages.isEmpty)
        #expect(after.items.count == before.items.count - gone.count)
        #expect(!after.references.contains { gone.contains($0.fromItemID) })
    }
}
