extension HEIF {
    /// A HEIF file as its boxes describe it: `ftyp`, the top-level boxes, `meta` and the item
    /// graph it declares, with every item's data located through `iloc`.
    /// ISO/IEC 23008-12 §6 (image items), ISO/IEC 14496-12 §8.11 (the `meta` box).
    ///
    /// Reading looks only at box structure and at small payloads (grid and overlay descriptors, tone maps,
    /// the 4-byte Exif prefix, and an AV1 item's OBU headers, sequence header and first frame
    /// header, which HEVC keeps in `hvcC`). Coded pixels, of the primary image and of auxiliary
    /// images, are located through `iloc` but never read.
    ///
    /// `issues` holds only what could not be read (a box that overruns its parent, an extent
    /// past the end of the file, a count past a limit); whether the structure is what the
    /// specifications require is for the rules to judge. Only a file without `ftyp` or `meta`,
    /// or whose `meta` cannot be delimited, throws.
    package struct File: Sendable {
        /// What the top-level boxes and `meta` say; its parts are read through the properties
        /// below, inlinable so that a rule reading `graph.items` retains the items alone, not
        /// a copy of the whole graph.
        package let structure: Structure
        @inlinable package var fileType: BMFF.FileTypeBox { structure.fileType }
        @inlinable package var topLevelBoxes: [BMFF.BoxHeader] { structure.topLevelBoxes }
        @inlinable package var meta: MetaBox { structure.meta }
        @inlinable package var graph: ItemGraph { structure.graph }
        @inlinable package var repeatedMeta: [RepeatedBox] { structure.repeatedMeta }
        @inlinable package var dataRanges: ItemDataRanges { structure.dataRanges }
        /// Grid descriptors of `grid` items.
        package let grids: [UInt32: ImageGrid]
        /// Descriptors of `iovl` items.
        package let overlays: [UInt32: ImageOverlay]
        /// Gain map metadata of `tmap` items (ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4).
        package let toneMaps: [UInt32: ToneMap]
        /// What the data of each `av01` item says of itself (AVIF §2.1).
        package let av1Items: [UInt32: AV1ItemData]
        /// Every item that is the `from` of a `cdsc` reference.
        package let metadataItems: [MetadataItem]
        /// Exif items whose exif_tiff_header_offset is 0 though JPEG's `Exif\0\0` header comes
        /// before their TIFF header: the payload is read from the TIFF header, 6 bytes on.
        package let exifItemsWithUnskippedHeader: [UInt32]
        /// What could not be read, in the order it was met.
        package let issues: [ParseError]

        /// Positions in `metadataItems` of the items describing each item.
        private let metadataByDescribed: [UInt32: [Int]]

        package init(parsing bytes: [UInt8], limits: ParseLimits = .default) throws(ParseError) {
            self.init(try Structure(parsing: bytes, limits: limits), bytes: bytes)
        }

        /// Completes a structure with what the item data says: grid descriptors, tone maps,
        /// Exif offsets and metadata items. `bytes` is the file the structure was read from,
        /// with at least the data of those items loaded since.
        package init(_ structure: Structure, bytes: [UInt8]) {
            self.structure = structure
            let graph = structure.graph, dataRanges = structure.dataRanges
            var issues = structure.issues
            grids = File.readGrids(bytes, graph: graph, dataRanges: dataRanges, issues: &issues)
            toneMaps = File.readToneMaps(bytes, graph: graph, dataRanges: dataRanges, issues: &issues)
            overlays = File.readOverlays(bytes, graph: graph, dataRanges: dataRanges, issues: &issues)
            av1Items = File.readAV1Items(bytes, graph: graph, dataRanges: dataRanges, issues: &issues)
            var unskipped: [UInt32] = []
            let exif = File.exifPayloads(bytes, graph: graph, dataRanges: dataRanges, unskipped: &unskipped, issues: &issues)
            exifItemsWithUnskippedHeader = unskipped
            (metadataItems, metadataByDescribed) = File.findMetadataItems(graph, dataRanges: dataRanges, exif: exif)
            self.issues = issues
        }

        // MARK: - Lookups

        package var metaRange: Range<Int> { meta.header.range }
        package var handler: BMFF.HandlerBox? { meta.handler }
        @inlinable package var primaryItemID: UInt32? { graph.primaryItemID }
        package var primaryItem: Item? { graph.primaryItem }
        @inlinable package var items: [Item] { graph.items }
        @inlinable package var properties: [PropertyBox] { graph.properties }
        @inlinable package var references: [BMFF.ItemReference] { graph.references }
        @inlinable package var auxiliaryImages: [AuxiliaryImage] { graph.auxiliaryImages }
        package func item(_ id: UInt32) -> Item? { graph.item(id) }
        package func properties(of id: UInt32) -> SubList<AssociatedProperty> { graph.properties(of: id) }
        package func ispe(of id: UInt32) -> ImageSpatialExtents? { graph.ispe(of: id) }
        package func hvcC(of id: UInt32) -> HEVCConfiguration? { graph.hvcC(of: id) }
        package func transforms(of id: UInt32) -> [ItemProperty] { graph.transforms(of: id) }
        package func tiles(of id: UInt32) -> [UInt32] { graph.tiles(of: id) }
        /// Entity groups of `grpl` in file order (ISO/IEC 14496-12 §8.18).
        package var entityGroups: [BMFF.EntityToGroupBox] { meta.groupsList?.groups ?? [] }

        /// Metadata items (`cdsc` from) describing `id`.
        package func metadata(describing id: UInt32) -> [MetadataItem] {
            (metadataByDescribed[id] ?? []).map { metadataItems[$0] }
        }

        // MARK: - Reading

        /// Grid descriptors: small, and needed to know the output size (ISO/IEC 23008-12 §6.6.2.3).
        static func readGrids(_ bytes: [UInt8], graph: ItemGraph, dataRanges: ItemDataRanges,
                              issues: inout [ParseError]) -> [UInt32: ImageGrid] {
            // The descriptor is 8 bytes, or 12 with 32-bit output sizes (§6.6.2.3.2).
            readItems(BMFF.BoxType.grid, bytes, graph: graph, dataRanges: dataRanges, code: .gridInvalid,
                      sizes: "8 or 12 bytes", accept: { $0 == 8 || $0 == 12 }, issues: &issues) { r, _ throws(ParseError) in
                try ImageGrid(parsing: &r)
            }
        }

        /// Overlay descriptors, whose length the number of the item's inputs fixes
        /// (§6.6.2.2.2: at least 14 bytes, version, flags, fill and output size).
        static func readOverlays(_ bytes: [UInt8], graph: ItemGraph, dataRanges: ItemDataRanges,
                                 issues: inout [ParseError]) -> [UInt32: ImageOverlay] {
            readItems(BMFF.BoxType.iovl, bytes, graph: graph, dataRanges: dataRanges, code: .overlayInvalid,
                      sizes: "at least 14 bytes", accept: { $0 >= 14 }, issues: &issues) { r, id throws(ParseError) in
                try ImageOverlay(parsing: &r, inputs: graph.references(from: id, type: BMFF.BoxType.dimg).count)
            }
        }

        /// Tone map metadata: small, and what turns the base image into the HDR rendition
        /// (ISO/IEC 23008-12:2025/Amd 1 §6.6.2.4).
        static func readToneMaps(_ bytes: [UInt8], graph: ItemGraph, dataRanges: ItemDataRanges,
                                 issues: inout [ParseError]) -> [UInt32: ToneMap] {
            readItems(BMFF.BoxType.tmap, bytes, graph: graph, dataRanges: dataRanges, code: .toneMapInvalid,
                      sizes: "at least one byte", accept: { $0 > 0 }, issues: &issues) { r, _ throws(ParseError) in
                try ToneMap(parsing: &r)
            }
        }

        /// The OBU headers, sequence header and first frame header of every `av01` item: what
        /// its `av1C` and `ispe` are held to (AVIF §2.1, §2.2.1).
        static func readAV1Items(_ bytes: [UInt8], graph: ItemGraph, dataRanges: ItemDataRanges,
                                 issues: inout [ParseError]) -> [UInt32: AV1ItemData] {
            var out: [UInt32: AV1ItemData] = [:]
            for i in graph.items.indices where graph.items[i].type == BMFF.BoxType.av01 {
                let id = graph.items[i].id
                guard let rs = dataRanges[id], !rs.isEmpty else { continue }
                let data = AV1ItemData(bytes: bytes, ranges: rs, path: "meta/iloc/item[\(id)]:av01")
                if let issue = data.issue { issues.append(issue) }
                out[id] = data
            }
            return out
        }

        /// Parses the data of every item of `type`, which must be one extent whose length
        /// `accept` allows; each failure is an issue with `code`.
        static func readItems<T>(_ type: FourCC, _ bytes: [UInt8], graph: ItemGraph, dataRanges: ItemDataRanges,
                                 code: ParseError.Code, sizes: String, accept: (Int) -> Bool, issues: inout [ParseError],
                                 parse: (inout ByteReader, UInt32) throws(ParseError) -> T) -> [UInt32: T] {
            var out: [UInt32: T] = [:]
            // Indexed: an item is copied only when it is of `type`.
            for i in graph.items.indices where graph.items[i].type == type {
                let it = graph.items[i]
                let path = "meta/iloc/item[\(it.id)]:\(type)"
                guard let rs = dataRanges[it.id] else {
                    issues.append(ParseError(.itemDataUnavailable, at: it.infeOffset, path: path,
                                             "\(type) item \(it.id) has no data to read"))
                    continue
                }
                guard rs.count == 1, let rg = rs.first, accept(rg.count) else {
                    issues.append(ParseError(code, at: it.infeOffset, path: path,
                                             "\(type) data of item \(it.id) is \(rs.map(\.count)) bytes in \(rs.count) extents; it is \(sizes) in one"))
                    continue
                }
                do throws(ParseError) {
                    var r = try ByteReader(bytes, range: rg, path: path)
                    out[it.id] = try parse(&r, it.id)
                } catch {
                    issues.append(ParseError(code, at: error.offset, path: path, error.message))
                }
            }
            return out
        }

        /// Exif items: u32 exif_tiff_header_offset, then that many bytes before the TIFF header
        /// (ISO/IEC 23008-12 Annex A.2.1); the payload starts at the TIFF header.
        static func exifPayloads(_ bytes: [UInt8], graph: ItemGraph, dataRanges: ItemDataRanges,
                                 unskipped: inout [UInt32], issues: inout [ParseError]) -> [UInt32: Range<Int>] {
            var exif: [UInt32: Range<Int>] = [:]
            for i in graph.items.indices where graph.items[i].type == BMFF.BoxType.exif {
                let it = graph.items[i]
                guard let rs = dataRanges[it.id], rs.count == 1, let rg = rs.first else { continue }
                let path = "meta/iloc/item[\(it.id)]:Exif"
                // ISO/IEC 23008-12 Annex A.2.1: the item's data is a 4-byte
                // exif_tiff_header_offset, then the Exif data whose TIFF header it locates.
                let head = Array(bytes[rg].prefix(4))
                if head == [0x4D, 0x4D, 0x00, 0x2A] || head == [0x49, 0x49, 0x2A, 0x00] {
                    // The TIFF header itself where the offset belongs: the offset is missing.
                    // What follows is read as the TIFF data it evidently is.
                    issues.append(ParseError(.exifOffsetMissing, at: rg.lowerBound, path: path,
                                             "the Exif item starts with a TIFF header (\(head[0] == 0x4D ? "MM" : "II")) where its 4-byte exif_tiff_header_offset belongs"))
                    exif[it.id] = rg
                    continue
                }
                do throws(ParseError) {
                    var er = try ByteReader(bytes, range: rg, path: path)
                    let offset = try er.readU32()
                    guard Int(offset) <= er.remaining else {
                        throw ParseError(.exifOffsetOutOfBounds, at: rg.lowerBound, path: path,
                                         "exif_tiff_header_offset \(offset) points past the item's \(rg.count) bytes")
                    }
                    try er.skip(Int(offset))
                    // An offset of 0 before JPEG's APP1 identifier `Exif\0\0` and a TIFF header:
                    // the writer copied the JPEG segment's payload and did not count the
                    // identifier. The TIFF header is 6 bytes on, where readers that look for it
                    // find it.
                    let start = er.position
                    if offset == 0, rg.upperBound - start >= 10,
                       bytes[start..<(start + 6)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]),
                       bytes[(start + 6)..<(start + 10)].elementsEqual([0x4D, 0x4D, 0x00, 0x2A])
                        || bytes[(start + 6)..<(start + 10)].elementsEqual([0x49, 0x49, 0x2A, 0x00]) {
                        unskipped.append(it.id)
                        exif[it.id] = (start + 6)..<rg.upperBound
                        continue
                    }
                    exif[it.id] = er.position..<rg.upperBound
                } catch {
                    issues.append(error)
                }
            }
            return exif
        }

        /// Every `cdsc` source as a metadata item, and their positions per described item.
        static func findMetadataItems(_ graph: ItemGraph, dataRanges: ItemDataRanges,
                                      exif: [UInt32: Range<Int>]) -> ([MetadataItem], [UInt32: [Int]]) {
            var seen = Set<UInt32>()
            var out: [MetadataItem] = []
            var byDescribed: [UInt32: [Int]] = [:]
            for ref in graph.references where ref.type == BMFF.BoxType.cdsc && seen.insert(ref.fromItemID).inserted {
                guard let it = graph.item(ref.fromItemID) else { continue }
                let kind: MetadataItem.Kind
                if it.type == BMFF.BoxType.exif {
                    kind = .exif
                } else if it.type == BMFF.BoxType.mime {
                    let ct = it.contentType ?? ""
                    kind = ct == "application/rdf+xml" ? .xmp : .mime(ct)
                } else {
                    kind = .other(it.type)
                }
                let ranges = dataRanges[it.id]
                var payload: Range<Int>? = nil
                if let rs = ranges, rs.count == 1, let r = rs.first { payload = kind == .exif ? exif[it.id] : r }
                let described = graph.references(from: it.id, type: BMFF.BoxType.cdsc)
                var named = Set<UInt32>()
                for d in described where named.insert(d).inserted { byDescribed[d, default: []].append(out.count) }
                out.append(MetadataItem(itemID: it.id, kind: kind, describedItemIDs: described,
                                        dataRanges: ranges, payloadRange: payload))
            }
            return (out, byDescribed)
        }
    }
}

extension ParseError.Code {
    /// An Exif item without its exif_tiff_header_offset (ISO/IEC 23008-12 Annex A.2.1).
    package static let exifOffsetMissing = Self("heif.exifOffsetMissing")
    /// An Exif item whose exif_tiff_header_offset points past its data.
    package static let exifOffsetOutOfBounds = Self("heif.exifOffsetOutOfBounds")
}
