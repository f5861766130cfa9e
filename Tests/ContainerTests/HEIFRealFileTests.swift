import Testing
import Container
import TestSupport

@Suite(.requires(.realCorpus))
struct HEIFRealFileTests {
    /// Every HEIC of the real corpus that is present.
    static let heicNames = TestData.realFiles(endingIn: ".heic")

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func appleIOS16DepthAndGainMap() throws {
        let bytes = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty, "\(f.issues)")
        #expect(f.fileType.majorBrand == "heic" && f.fileType.compatibleBrands == ["mif1", "MiHE", "miaf", "MiHB", "heic"])
        #expect(f.primaryItemID == 49 && f.item(49)?.type == "grid")
        let grid = try #require(f.grids[49])
        #expect(grid.outputWidth == 4032 && grid.outputHeight == 3024 && grid.rows * grid.columns == 48)
        #expect(f.tiles(of: 49) == Array(1...48))
        #expect(f.ispe(of: 49) == HEIF.ImageSpatialExtents(width: 4032, height: 3024))

        let depth = try #require(f.auxiliaryImages.first { $0.itemID == 54 })
        #expect(f.item(54)?.type == "hvc1" && f.item(54)?.isHidden == true)
        #expect(depth.ispe == HEIF.ImageSpatialExtents(width: 768, height: 576))
        #expect(depth.auxType == "urn:mpeg:hevc:2015:auxid:2")
        #expect(depth.subtypeRange.map { Array(bytes[$0]) } == HEIFFixture.appleDepthSEI)
        #expect(depth.masterIDs == [49])
        #expect(f.properties(of: 54).map(\.type) == ["hvcC", "ispe", "irot", "pixi", "auxC"])
        #expect(f.properties(of: 54).map(\.essential) == [true, false, true, false, true])
        let h = try #require(f.hvcC(of: 54))
        #expect(h.generalProfileIDC == 4 && h.chromaFormatIDC == 0 && h.bitDepthLuma == 8)
        #expect(h.sps?.croppedWidth == 768 && h.sps?.croppedHeight == 576)
        let xmp = try #require(f.metadata(describing: 54).first)
        #expect(xmp.itemID == 55 && xmp.kind == .xmp && f.metadata(describing: 54).count == 1)
        let packet = try #require(xmp.payloadRange)
        #expect(String(decoding: bytes[packet], as: UTF8.self).contains("http://ns.apple.com/pixeldatainfo/1.0/"))

        let gain = try #require(f.auxiliaryImages.first { $0.itemID == 52 })
        #expect(gain.auxType == "urn:com:apple:photo:2020:aux:hdrgainmap")
        #expect(gain.ispe == HEIF.ImageSpatialExtents(width: 2016, height: 1512) && gain.masterIDs == [49])
        #expect(f.auxiliaryImages.map(\.itemID) == [52, 54])
        #expect(f.transforms(of: 54) == f.transforms(of: 49))
        #expect(f.metadata(describing: 49).map(\.kind) == [.exif, .xmp])
        let exif = try #require(f.metadata(describing: 49).first?.payloadRange)
        #expect(Array(bytes[exif].prefix(2)) == Array("MM".utf8))
    }

    @Test(.requires(.realFile("imageio-heic-depth-minimal.heic")))
    func imageIODepthHasNoClapWhilePrimaryDoes() throws {
        let bytes = try TestData.realBytes("imageio-heic-depth-minimal.heic")
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty, "\(f.issues)")
        let aux = try #require(f.auxiliaryImages.first)
        #expect(f.auxiliaryImages.count == 1 && aux.auxType == "urn:mpeg:hevc:2015:auxid:2")
        #expect(aux.ispe == HEIF.ImageSpatialExtents(width: 188, height: 250))
        #expect(!f.transforms(of: aux.itemID).contains { if case .clap = $0 { return true } else { return false } })
        let primary = try #require(f.primaryItemID)
        #expect(f.ispe(of: primary)?.width == 376)
        let clap = f.transforms(of: primary).compactMap { t -> HEIF.CleanAperture? in if case .clap(let c) = t { return c } else { return nil } }
        #expect(clap.count == 1 && clap.first?.width == 375)
    }

    @Test(.requires(.realFile("libheif-alpha-control.heic")))
    func libheifAlphaIsAnAuxThatIsNotDepth() throws {
        let bytes = try TestData.realBytes("libheif-alpha-control.heic")
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues.isEmpty, "\(f.issues)")
        #expect(f.auxiliaryImages.map(\.auxType) == ["urn:mpeg:hevc:2015:auxid:1"])
    }

    @Test(.requires(.realFile("libheif-fuzz-bad-depth.heic")))
    func libheifFuzzFileGivesEveryFindingWithoutCrashing() throws {
        let bytes = try TestData.realBytes("libheif-fuzz-bad-depth.heic")
        let f = try HEIF.File(parsing: bytes)
        #expect(f.issues == [
            ParseError(.boxExceedsParent, at: 567, path: ""),        // mdat largesize past end of file
            ParseError(.spsInvalid, at: 447, path: ""),              // second hvcC SPS is garbage
            ParseError(.ilocExtentPastEnd, at: 109, path: ""),       // item 1002
            ParseError(.ilocExtentPastEnd, at: 127, path: ""),       // item 1005
        ])
        #expect(f.auxiliaryImages.map(\.masterIDs) == [[1002]])
    }

    @Test(arguments: heicNames) func sampledPrefixesThrowOrReportAnIssue(name: String) throws {
        let bytes = try TestData.realBytes(name)
        let full = try HEIF.File(parsing: bytes)
        let metaEnd = full.metaRange.upperBound
        // Dense over the structure, then spread over the coded data: about 200 prefixes.
        var cuts = Set<Int>()
        for i in 0..<150 { cuts.insert(i * metaEnd / 150) }
        for i in 0..<50 { cuts.insert(metaEnd + i * (bytes.count - metaEnd) / 50) }
        cuts.remove(bytes.count)
        for n in cuts.sorted() {
            let result = Result { () throws(ParseError) -> HEIF.File in try HEIF.File(parsing: Array(bytes[0..<n])) }
            if case .success(let f) = result {
                #expect(!f.issues.isEmpty, "\(name): prefix \(n) parsed without findings")
            }
        }
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func tileAndAuxPixelBytesAreNeverRead() throws {
        let bytes = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        let f = try HEIF.File(parsing: bytes)
        var garbage = bytes
        var touched = 0
        for it in f.items where it.type == "hvc1" {
            for r in f.dataRanges[it.id] ?? [] {
                for i in r { garbage[i] = UInt8(truncatingIfNeeded: i &* 131 &+ 17) }
                touched += r.count
            }
        }
        #expect(touched > 1_000_000)
        #expect(Summary(try HEIF.File(parsing: garbage)) == Summary(f))
    }
}
