import Testing
import Container
import TestSupport

/// Position of the only occurrence of `pattern` in `bytes`; records an issue otherwise.
func uniqueOffset(of pattern: [UInt8], in bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    let hits = ByteSearch.offsets(of: pattern, in: bytes)
    if hits.count != 1 { Issue.record("pattern found \(hits.count) times", sourceLocation: sourceLocation) }
    return hits.first ?? 0
}

/// `bytes` with the only occurrence of `pattern` replaced by `replacement` (same length).
func patched(_ bytes: [UInt8], _ pattern: [UInt8], _ replacement: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    let at = uniqueOffset(of: pattern, in: bytes, sourceLocation: sourceLocation)
    var out = bytes
    out.replaceSubrange(at..<(at + pattern.count), with: replacement)
    return out
}


/// The comparable parts of a parse.
struct Summary: Equatable {
    let items: [HEIF.Item]
    let properties: [HEIF.PropertyBox]
    let references: [BMFF.ItemReference]
    let aux: [HEIF.AuxiliaryImage]
    let metadata: [HEIF.MetadataItem]
    let grids: [UInt32: HEIF.ImageGrid]
    let ranges: HEIF.ItemDataRanges
    let issues: [String]

    init(_ f: HEIF.File) {
        items = f.items; properties = f.properties; references = f.references
        aux = f.auxiliaryImages; metadata = f.metadataItems; grids = f.grids; ranges = f.dataRanges
        issues = f.issues.map(\.description)
    }
}

@Suite struct HEIFFileTests {
    @Test func minimalFixtureDescribesPrimaryDepthAndXMP() throws {
        let bytes = HEIFFixture.corpusDisparity.build()
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty, "\(f.issues)")
        #expect(f.fileType.majorBrand == "heic" && f.handler?.handlerType == "pict")
        #expect(f.primaryItemID == 1 && f.primaryItem?.type == "hvc1" && f.primaryItem?.isHidden == false)
        #expect(f.items.map(\.id) == [1, 2, 3])
        #expect(f.item(2)?.isHidden == true && f.item(3)?.contentType == "application/rdf+xml")
        #expect(f.ispe(of: 1) == HEIF.ImageSpatialExtents(width: 64, height: 48))
        #expect(f.properties(of: 2).map(\.type) == ["hvcC", "ispe", "pixi", "auxC"])
        #expect(f.properties(of: 2).map(\.essential) == [true, false, false, true])
        #expect(f.properties(of: 2).map(\.index) == [3, 4, 6, 5])
        let aux = try #require(f.auxiliaryImages.first)
        #expect(f.auxiliaryImages.count == 1)
        #expect(aux.itemID == 2 && aux.auxType == "urn:mpeg:hevc:2015:auxid:2" && aux.masterIDs == [1])
        #expect(aux.ispe == HEIF.ImageSpatialExtents(width: 16, height: 12))
        #expect(aux.subtypeRange.map { Array(bytes[$0]) } == HEIFFixture.appleDepthSEI)
        #expect(f.graph.auxiliaryImages(of: 1).map(\.itemID) == [2])
        let xmp = try #require(f.metadata(describing: 2).first)
        #expect(xmp.kind == .xmp && xmp.itemID == 3)
        #expect(xmp.payloadRange.map { Array(bytes[$0]) } == Array(HEIFFixture.appleDisparityXMP.utf8))
        #expect(f.hvcC(of: 1)?.sps?.croppedWidth == 64 && f.hvcC(of: 2)?.sps?.croppedHeight == 12)
        #expect(f.transforms(of: 1).isEmpty)
    }

    @Test func rotationIsSharedByPrimaryAndDepth() throws {
        var fx = HEIFFixture()
        fx.rotation = 3
        let f = try HEIF.File(parsing: fx.build())
        #expect(f.transforms(of: 1) == [.irot(HEIF.ImageRotation(angle: 3))])
        #expect(f.transforms(of: 2) == [.irot(HEIF.ImageRotation(angle: 3))])
        #expect(f.issues.isEmpty)
    }

    @Test func committedCorpusFileEqualsTheBuilderOutput() throws {
        let bytes = HEIFFixture.corpusDisparity.build()
        let path = TestData.corpus + "/" + HEIFFixture.corpusDisparityName
        if FileBytes.environment("DEPTHCHECK_UPDATE_CORPUS") == "1" {
            #expect(FileBytes.write(bytes, to: path))
        }
        let stored = try #require(FileBytes.read(path), "missing \(path); run with DEPTHCHECK_UPDATE_CORPUS=1")
        #expect(stored == bytes)
    }

    // MARK: Fatal structure

    @Test func fileWithoutFtypThrows() throws {
        let bytes = BMFFBuilder.fullBox("meta")
        #expect(throws: ParseError(.ftypMissing, at: 0, path: "")) { try HEIF.File(parsing: bytes) }
        #expect(throws: ParseError(.ftypMissing, at: 0, path: "")) { try HEIF.File(parsing: []) }
    }

    @Test func fileWithoutMetaThrows() throws {
        let bytes = BMFFBuilder.box("ftyp") { b in b.fourCC("heic"); b.u32(0) } + BMFFBuilder.box("mdat")
        #expect(throws: ParseError(.metaMissing, at: 24, path: "")) { try HEIF.File(parsing: bytes) }
    }

    @Test func truncatedMetaThrows() throws {
        let bytes = HEIFFixture().build()
        let meta = uniqueOffset(of: Array("meta".utf8), in: bytes) - 4
        #expect(throws: ParseError(.boxExceedsParent, at: meta, path: "")) { try HEIF.File(parsing: Array(bytes.prefix(meta + 100))) }
    }

    @Test func unknownMetaVersionThrows() throws {
        let bytes = HEIFFixture().build()
        let meta = uniqueOffset(of: Array("meta".utf8), in: bytes) - 4
        var bad = bytes
        bad[meta + 8] = 1
        #expect(throws: ParseError(.unsupportedVersion, at: meta, path: "")) { try HEIF.File(parsing: bad) }
    }

    @Test func boxAndNestingLimitsStopTheWalk() throws {
        let bytes = HEIFFixture().build()
        var few = ParseLimits(); few.maxBoxes = 3
        // ftyp, meta and mdat are counted first; the first child of meta is the fourth box.
        let hdlr = uniqueOffset(of: Array("hdlr".utf8), in: bytes) - 4
        #expect(throws: ParseError(.limitExceeded, at: hdlr, path: "")) { try HEIF.File(parsing: bytes, limits: few) }
        var shallow = ParseLimits(); shallow.maxNesting = 2
        let ipcoChild = uniqueOffset(of: Array("ipco".utf8), in: bytes) + 4
        #expect(throws: ParseError(.limitExceeded, at: ipcoChild, path: "")) { try HEIF.File(parsing: bytes, limits: shallow) }
    }

    // MARK: Non-fatal findings

    private let depthIpma: [UInt8] = [0x00, 0x02, 0x04, 0x83, 0x04, 0x06, 0x85]

    @Test func duplicateAuxCIsAnIssue() throws {
        let bytes = patched(HEIFFixture().build(), depthIpma, [0x00, 0x02, 0x04, 0x83, 0x04, 0x85, 0x85])
        let at = uniqueOffset(of: [0x83, 0x04, 0x85, 0x85], in: bytes) + 3
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty)
        #expect(f.properties(of: 2).filter { $0.type == "auxC" }.map(\.associationOffset) == [at - 1, at])
        #expect(f.auxiliaryImages.first?.auxType == "urn:mpeg:hevc:2015:auxid:2")
    }

    @Test func ipmaIndexPastIpcoIsAnIssue() throws {
        let bytes = patched(HEIFFixture().build(), depthIpma, [0x00, 0x02, 0x04, 0x83, 0x04, 0x09, 0x85])
        let at = uniqueOffset(of: [0x83, 0x04, 0x09, 0x85], in: bytes) + 2
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty)
        #expect(f.graph.associations.flatMap(\.entries).first { $0.itemID == 2 }?.associations.map(\.propertyIndex) == [3, 4, 9, 5])
        #expect(f.graph.associations.flatMap(\.entries).first { $0.itemID == 2 }?.associations[2].offset == at)
        #expect(f.properties(of: 2).map(\.type) == ["hvcC", "ispe", "auxC"])
    }

    @Test func essentialIndexZeroIsAnIssue() throws {
        let bytes = patched(HEIFFixture().build(), depthIpma, [0x00, 0x02, 0x04, 0x83, 0x04, 0x80, 0x85])
        let at = uniqueOffset(of: [0x83, 0x04, 0x80, 0x85], in: bytes) + 2
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty)
        let zero = f.graph.associations.flatMap(\.entries).first { $0.itemID == 2 }?.associations[2]
        #expect(zero?.essential == true && zero?.propertyIndex == 0 && zero?.offset == at)
    }

    @Test func imageWithoutIspeIsAnIssue() throws {
        let bytes = patched(HEIFFixture().build(), depthIpma, [0x00, 0x02, 0x04, 0x83, 0x00, 0x06, 0x85])
        let infe2 = uniqueOffset(of: [0x01, 0x00, 0x02, 0x00, 0x00] + Array("hvc1".utf8), in: bytes) - 11
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty && f.item(2)?.infeOffset == infe2)
        #expect(f.ispe(of: 2) == nil)
    }

    @Test func spsSizeDifferentFromIspeIsAnIssue() throws {
        let bytes = patched(HEIFFixture().build(), Array("ispe".utf8) + [0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 12],
                            Array("ispe".utf8) + [0, 0, 0, 0, 0, 0, 0, 17, 0, 0, 0, 12])
        let infe2 = uniqueOffset(of: [0x01, 0x00, 0x02, 0x00, 0x00] + Array("hvc1".utf8), in: bytes) - 11
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty && f.item(2)?.infeOffset == infe2)
        #expect(f.ispe(of: 2)?.width == 17 && f.hvcC(of: 2)?.sps?.croppedWidth == 16)
    }

    @Test func referenceToMissingItemIsAnIssue() throws {
        let bytes = patched(HEIFFixture().build(), Array("auxl".utf8) + [0, 2, 0, 1, 0, 1], Array("auxl".utf8) + [0, 2, 0, 1, 0, 9])
        let auxl = uniqueOffset(of: Array("auxl".utf8), in: bytes) - 4
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty)
        #expect(f.references.first { $0.type == "auxl" }?.offset == auxl && f.item(9) == nil)
        #expect(f.auxiliaryImages.first?.masterIDs == [9])
    }

    @Test func duplicateItemIDIsAnIssue() throws {
        let bytes = patched(HEIFFixture().build(), [0x01, 0x00, 0x02, 0x00, 0x00] + Array("hvc1".utf8),
                            [0x01, 0x00, 0x01, 0x00, 0x00] + Array("hvc1".utf8))
        let infe2 = uniqueOffset(of: [0x01, 0x00, 0x01, 0x00, 0x00] + Array("hvc1".utf8), in: bytes) - 11
        let f = try HEIF.File(parsing: bytes)
        #expect(f.graph.repeatedItems.map(\.offset) == [infe2])
        #expect(f.items.map(\.id) == [1])
    }

    @Test func extentPastEndOfFileIsAnIssue() throws {
        var fx = HEIFFixture()
        fx.depthData = [1, 2, 3, 4]
        let good = fx.build()
        // The depth extent (32-bit offset, 32-bit length 4) gets length 0x10000.
        let ilocAt = uniqueOffset(of: Array("iloc".utf8), in: good)
        let ext2 = uniqueOffset(of: [0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01], in: good)
        #expect(ext2 > ilocAt)
        var bytes = good
        bytes[ext2 + 8 + 4 + 1] = 1
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues == [ParseError(.ilocExtentPastEnd, at: ext2 + 8, path: "")])
        #expect(f.issues.first?.path == "meta/iloc/item[2]")
        #expect(f.dataRanges[2] == nil && f.dataRanges[1] != nil)
    }

    @Test func truncatedMdatIsAnIssueNotAFailure() throws {
        let bytes = HEIFFixture().build()
        let mdat = uniqueOffset(of: Array("mdat".utf8), in: bytes) - 4
        let f = try HEIF.File(parsing: Array(bytes.dropLast()))
        #expect(f.issues.first == ParseError(.boxExceedsParent, at: mdat, path: ""))
        #expect(f.issues.last?.code == .ilocExtentPastEnd)
    }

    // MARK: Shapes beyond the minimal fixture

    @Test func auxlWithSeveralTargetsKeepsThemAll() throws {
        var c = CustomHEIF()
        c.items = [(1, "hvc1", 0, nil), (2, "hvc1", 1, nil), (3, "tmap", 1, nil)]
        c.refs = [("auxl", 2, [1, 3]), ("dimg", 3, [1])]
        c.properties = [CustomHEIF.ispe(64, 48), CustomHEIF.ispe(16, 12), CustomHEIF.auxC("urn:com:apple:photo:2020:aux:hdrgainmap")]
        c.ipma = [(1, [0x01]), (2, [0x02, 0x83]), (3, [0x01])]
        c.locations = [(1, 0, 0, 4), (2, 0, 4, 4), (3, 0, 8, 4)]
        c.mdat = Array(repeating: 7, count: 12)
        let f = try HEIF.File(parsing: c.build())
        #expect(f.issues.isEmpty, "\(f.issues)")
        #expect(f.item(3)?.type == "tmap" && f.item(3)?.isImage == true)
        #expect(f.auxiliaryImages.map(\.masterIDs) == [[1, 3]])
        #expect(f.graph.auxiliaryImages(of: 3).map(\.itemID) == [2])
    }

    /// An item named twice in one reference is listed once for it; references of other types
    /// and other references stay apart.
    @Test func referenceLookupsListAnItemOncePerReference() throws {
        var c = CustomHEIF()
        c.items = [(1, "hvc1", 0, nil), (2, "hvc1", 1, nil), (3, "hvc1", 1, nil)]
        c.refs = [("auxl", 2, [1, 1, 3]), ("thmb", 3, [1, 1]), ("auxl", 3, [1])]
        c.properties = [CustomHEIF.ispe(64, 48), CustomHEIF.ispe(16, 12)]
        c.ipma = [(1, [0x01]), (2, [0x02]), (3, [0x02])]
        c.locations = [(1, 0, 0, 4), (2, 0, 4, 4), (3, 0, 8, 4)]
        c.mdat = Array(repeating: 7, count: 12)
        let f = try HEIF.File(parsing: c.build())
        #expect(f.graph.items(referencing: 1, type: "auxl") == [2, 3])
        #expect(f.graph.items(referencing: 1, type: "thmb") == [3])
        #expect(f.graph.references(from: 2, type: "auxl") == [1, 1, 3])
        #expect(f.graph.references(from: 3, type: "auxl") == [1])
        #expect(f.graph.auxiliaryImages(of: 1).map(\.itemID) == [2, 3])
        #expect(f.graph.auxiliaryImages(of: 3).map(\.itemID) == [2])
        #expect(f.graph.properties(of: 2).map(\.index) == [2])
        #expect(f.graph.properties(of: 9).isEmpty)
    }

    @Test func gridDescriptorIsReadFromIdat() throws {
        var c = CustomHEIF()
        c.items = [(1, "grid", 0, nil), (2, "hvc1", 1, nil), (3, "hvc1", 1, nil), (4, "hvc1", 1, nil)]
        c.refs = [("dimg", 1, [2, 3]), ("thmb", 4, [1])]
        c.properties = [CustomHEIF.ispe(128, 48), CustomHEIF.ispe(64, 48)]
        c.ipma = [(1, [0x01]), (2, [0x02]), (3, [0x02]), (4, [0x02])]
        c.idat = [0, 0, 0, 1, 0, 128, 0, 48]
        c.locations = [(1, 1, 0, 8), (2, 0, 0, 4), (3, 0, 4, 4), (4, 0, 8, 4)]
        c.mdat = Array(repeating: 7, count: 12)
        let bytes = c.build()
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty, "\(f.issues)")
        #expect(f.grids[1] == (try? { var r = ByteReader(c.idat ?? []); return try HEIF.ImageGrid(parsing: &r) }()))
        #expect(f.tiles(of: 1) == [2, 3] && f.graph.thumbnails(of: 1) == [4])
        let idat = try #require(f.meta.idat)
        #expect(f.dataRanges[1] == [idat])

        c.refs = [("dimg", 1, [2])]
        let g = try HEIF.File(parsing: c.build())
        let infe1 = uniqueOffset(of: [0x00, 0x01, 0x00, 0x00] + Array("grid".utf8), in: c.build()) - 12
        #expect(g.issues.isEmpty && g.item(1)?.infeOffset == infe1)
        #expect(g.grids[1]?.columns == 2 && g.tiles(of: 1) == [2])
    }

    @Test func exifPayloadStartsAtTheTIFFHeader() throws {
        var c = CustomHEIF()
        c.items = [(1, "hvc1", 0, nil), (2, "Exif", 1, nil)]
        c.refs = [("cdsc", 2, [1])]
        c.properties = [CustomHEIF.ispe(64, 48)]
        c.ipma = [(1, [0x01])]
        let exif: [UInt8] = [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0, 0, 0, 8]
        c.locations = [(1, 0, 0, 4), (2, 0, 4, UInt32(exif.count))]
        c.mdat = [9, 9, 9, 9] + exif
        let bytes = c.build()
        let f = try HEIF.File(parsing: bytes)
        let m = try #require(f.metadata(describing: 1).first)
        #expect(m.kind == .exif)
        #expect(m.payloadRange.map { Array(bytes[$0]) } == Array("MM".utf8) + [0, 42, 0, 0, 0, 8])
    }

    @Test func unresolvableConstructionMethodsAreIssues() throws {
        var c = CustomHEIF()
        c.items = [(1, "hvc1", 0, nil), (2, "hvc1", 0, nil)]
        c.properties = [CustomHEIF.ispe(64, 48)]
        c.ipma = [(1, [0x01]), (2, [0x01])]
        c.locations = [(1, 1, 0, 4), (2, 2, 0, 4)]
        c.mdat = [1, 2, 3, 4]
        let bytes = c.build()
        let iloc = uniqueOffset(of: Array("iloc".utf8), in: bytes) + 4 + 4 + 2 + 2
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues == [ParseError(.ilocIdatMissing, at: iloc, path: ""),
                             ParseError(.ilocUnsupportedConstructionMethod, at: iloc + 16, path: "")])
    }

    @Test func ipmaForUndeclaredItemAndDuplicateEntriesAreIssues() throws {
        var c = CustomHEIF()
        c.items = [(1, "hvc1", 0, nil)]
        c.properties = [CustomHEIF.ispe(64, 48)]
        c.ipma = [(1, [0x01]), (1, [0x01]), (5, [0x01])]
        c.locations = [(1, 0, 0, 4)]
        c.mdat = [1, 2, 3, 4]
        let bytes = c.build()
        let ipma = uniqueOffset(of: Array("ipma".utf8), in: bytes) + 4 + 4 + 4
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty)
        #expect(f.graph.associations.flatMap(\.entries).map(\.offset) == [ipma, ipma + 4, ipma + 8])
        #expect(f.items.map(\.id) == [1])
    }

    @Test func auxiliaryItemWithoutAuxCIsAnIssue() throws {
        let bytes = HEIFShapes.auxWithoutAuxC()
        let infe2 = uniqueOffset(of: [0x00, 0x02, 0x00, 0x00] + Array("hvc1".utf8), in: bytes) - 12
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty && f.item(2)?.infeOffset == infe2)
        #expect(f.auxiliaryImages.first?.auxType == nil)
    }

    // MARK: Robustness

    static let goodFixtures: [[UInt8]] = {
        var rotated = HEIFFixture(); rotated.rotation = 1
        var c = CustomHEIF()
        c.items = [(1, "grid", 0, nil), (2, "hvc1", 1, nil), (3, "hvc1", 1, nil)]
        c.refs = [("dimg", 1, [2, 3])]
        c.properties = [CustomHEIF.ispe(128, 48), CustomHEIF.ispe(64, 48)]
        c.ipma = [(1, [0x01]), (2, [0x02]), (3, [0x02])]
        c.idat = [0, 0, 0, 1, 0, 128, 0, 48]
        c.locations = [(1, 1, 0, 8), (2, 0, 0, 4), (3, 0, 4, 4)]
        c.mdat = Array(repeating: 7, count: 8)
        return [HEIFFixture.corpusDisparity.build(), HEIFFixture().build(), rotated.build(), c.build()]
    }()

    @Test(arguments: 0..<4) func everyStrictPrefixThrowsOrReportsAnIssue(fixture: Int) throws {
        let bytes = Self.goodFixtures[fixture]
        #expect(try HEIF.File(parsing: bytes).issues.isEmpty)
        for n in 0..<bytes.count {
            let result = Result { () throws(ParseError) -> HEIF.File in try HEIF.File(parsing: Array(bytes[0..<n])) }
            if case .success(let f) = result {
                #expect(!f.issues.isEmpty, "prefix \(n) of \(bytes.count) parsed without findings")
            }
        }
    }

    @Test func primaryAndAuxPixelDataAreNeverRead() throws {
        let bytes = HEIFFixture.corpusDisparity.build()
        let f = try HEIF.File(parsing: bytes)
        var garbage = bytes
        for id: UInt32 in [1, 2] {
            for r in f.dataRanges[id] ?? [] { for i in r { garbage[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) } }
        }
        #expect(garbage != bytes)
        #expect(Summary(try HEIF.File(parsing: garbage)) == Summary(f))
    }

    /// ISO/IEC 14496-12 §4.3.1: one ftyp. A second one (libheif takes the last) is a repeated
    /// top-level box, which structure.heif.box-invalid reports.
    @Test func aSecondFtypIsRecorded() throws {
        var bytes = HEIFFixture.corpusDisparity.build()
        let ftyp = Array(bytes[0..<Int(bytes[3])])
        let at = bytes.count
        bytes += ftyp
        let f = try HEIF.File(parsing: bytes)
        #expect(f.repeatedMeta.map(\.type) == ["ftyp"] && f.repeatedMeta.first?.offset == at)
    }
}
