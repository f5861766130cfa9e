import Testing
import Container
import TestSupport

/// parse → write gives back the original bytes, box by box, for every box type with a writer.
@Suite struct BMFFRoundTripTests {
    static var inputs: [(String, [UInt8])] {
        var list: [(String, [UInt8])] = [("fixture", HEIFFixture.corpusDisparity.build())]
        for name in FileBytes.list(TestData.realCorpus) where name.hasSuffix(".heic") && !name.contains("fuzz") {
            if let b = FileBytes.read(TestData.real(name)) { list.append((name, b)) }
        }
        return list
    }

    private func written(_ body: (inout ByteWriter) -> Void) -> [UInt8] {
        var w = ByteWriter()
        body(&w)
        return w.bytes
    }

    @Test func everyWrittenBoxEqualsTheOriginal() throws {
        var checked = 0
        for (name, bytes) in Self.inputs {
            var ctx = BMFF.ParseContext(limits: .default)
            var top = ByteReader(bytes)
            for box in try ctx.children(of: &top, depth: 0) {
                let original = Array(bytes[box.header.range])
                var c = box.content
                if box.type == "ftyp" {
                    let f = try BMFF.FileTypeBox(parsing: &c)
                    #expect(written { f.write(to: &$0) } == original, "\(name) ftyp")
                    checked += 1
                }
                guard box.type == "meta" else { continue }
                _ = try BMFF.FullBoxHeader(parsing: &c)
                for child in try ctx.children(of: &c, depth: 1) {
                    let orig = Array(bytes[child.header.range])
                    var cc = child.content
                    switch child.type {
                    case "hdlr":
                        let h = try BMFF.HandlerBox(parsing: &cc)
                        #expect(written { h.write(to: &$0) } == orig, "\(name) hdlr")
                    case "pitm":
                        let p = try BMFF.PrimaryItemBox(parsing: &cc)
                        #expect(written { p.write(to: &$0) } == orig, "\(name) pitm")
                    case "iloc":
                        let l = try BMFF.ItemLocationBox(parsing: &cc, limits: .default)
                        #expect(written { l.write(to: &$0) } == orig, "\(name) iloc")
                    case "dinf":
                        let d = try BMFF.DataInformationBox(parsing: &cc, context: &ctx, depth: 2)
                        #expect(written { d.write(to: &$0) } == orig, "\(name) dinf")
                    case "iref":
                        let r = try BMFF.ItemReferenceBox(parsing: &cc, context: &ctx, depth: 2)
                        #expect(written { r.write(to: &$0) } == orig, "\(name) iref")
                    case "iinf":
                        _ = try BMFF.FullBoxHeader(parsing: &cc)
                        _ = try cc.readU16()
                        for e in try ctx.children(of: &cc, depth: 2) {
                            var ec = e.content
                            let entry = try BMFF.ItemInfoEntry(parsing: &ec, boxOffset: e.header.offset)
                            #expect(written { entry.write(to: &$0) } == Array(bytes[e.header.range]), "\(name) infe \(entry.itemID)")
                            checked += 1
                        }
                    case "iprp":
                        for p in try ctx.children(of: &cc, depth: 2) {
                            var pc = p.content
                            if p.type == "ipma" {
                                let m = try HEIF.ItemPropertyAssociation(parsing: &pc, limits: .default)
                                #expect(written { m.write(to: &$0) } == Array(bytes[p.header.range]), "\(name) ipma")
                                continue
                            }
                            let props = try HEIF.ItemPropertyContainer(parsing: &pc, context: &ctx, depth: 3)
                            for prop in props.properties {
                                let want = Array(bytes[prop.range])
                                var got: [UInt8]? = nil
                                switch prop.value {
                                case .ispe(let v): got = written { v.write(to: &$0) }
                                case .pixi(let v): got = written { v.write(to: &$0) }
                                case .irot(let v): got = written { v.write(to: &$0) }
                                case .imir(let v): got = written { v.write(to: &$0) }
                                case .clap(let v): got = written { v.write(to: &$0) }
                                case .colr(let v): got = written { v.write(to: &$0, source: bytes) }
                                case .auxC(let v): got = written { v.write(to: &$0, file: bytes) }
                                default: break
                                }
                                if let g = got {
                                    #expect(g == want, "\(name) ipco[\(prop.index)]:\(prop.type)")
                                    checked += 1
                                }
                            }
                        }
                    default: continue
                    }
                    checked += 1
                }
            }
            let f = try HEIF.File(parsing: bytes)
            for (id, g) in f.grids {
                #expect(written { g.write(to: &$0) } == Array(bytes[f.dataRanges[id]?.first ?? 0..<0]), "\(name) grid \(id)")
                checked += 1
            }
        }
        print("round trip: \(checked) boxes compared")
        // The fixture has 15 boxes with a writer (its primary's pixi among them); the real
        // HEICs, when present, bring far more.
        if Self.inputs.count == 1 { #expect(checked == 15) } else { #expect(checked > 100) }
    }

    @Test func writtenSizeCountsTheHeader() {
        var w = ByteWriter()
        BMFF.BoxWriter.box("free", to: &w) { w in w.u32(1) }
        #expect(w.bytes == [0, 0, 0, 12] + Array("free".utf8) + [0, 0, 0, 1])
    }
}
