extension HEIF {
    /// The low-overhead `mini` box (MinimizedImageBox, brand `mif3`; ISO/IEC 23008-12 Annex O,
    /// added by its second amendment): one image, an optional alpha plane and gain map, and
    /// their ICC, Exif and XMP, described by a bit-packed header instead of a `meta` box. The
    /// chunks follow the header in a fixed order, so their places are sizes added up.
    ///
    /// Every size is checked against the bytes the box holds before anything is located; a
    /// field cut short or a sum past the box is a `ParseError` at the box, never a trap.
    package struct MinimizedImage: Sendable, Equatable {
        /// Where the `mini` box starts.
        package let boxOffset: Int
        package let version: Int
        package let width: Int
        package let height: Int
        /// 0: monochrome (4:0:0), 1: 4:2:0, 2: 4:2:2, 3: 4:4:4.
        package let chromaSubsampling: Int
        package let bitDepth: Int
        package let isFloat: Bool
        package let fullRange: Bool
        /// Exif orientation, 1...8.
        package let orientation: Int
        package let colourPrimaries: Int
        package let transferCharacteristics: Int
        package let matrixCoefficients: Int
        /// The item type and its decoder configuration property type: given in the header, or
        /// from the brand `ftyp`'s minor_version names (`heic`: hvc1/hvcC, `avif`: av01/av1C).
        package let itemType: FourCC
        package let configType: FourCC
        package let alphaPremultiplied: Bool
        /// Exif and XMP compressed with deflate.
        package let exifXMPCompressed: Bool
        /// Chunk places, absolute in the file.
        package let mainConfig: Range<Int>
        package let mainData: Range<Int>
        /// The alpha plane's own decoder configuration; nil when it shares the main one.
        package let alphaConfig: Range<Int>?
        package let alphaData: Range<Int>?
        package let icc: Range<Int>?
        package let exif: Range<Int>?
        package let xmp: Range<Int>?
        /// The gain map's data, configuration and metadata, when the header declares one.
        package let gainMapData: Range<Int>?
        package let gainMapMetadata: Range<Int>?

        static let path = "mini"

        /// Reads the `mini` box `box` of `bytes`; `brand` is ftyp's minor_version, which names
        /// the codec when the header does not.
        package init(parsing bytes: [UInt8], box: BMFF.BoxHeader, brand: FourCC) throws(ParseError) {
            let start = box.payloadRange.lowerBound
            guard box.payloadRange.upperBound <= bytes.count else {
                throw ParseError(.truncated, at: box.offset, path: Self.path, "the mini box runs past the end of the file")
            }
            // The header is a few hundred bits at most; only it is read bit by bit.
            let headerBytes = Array(bytes[start..<min(box.payloadRange.upperBound, start + 4096)])
            var b = BitReader(headerBytes, offset: box.offset, path: Self.path, codes: .miniHeader)
            let h = try Header(reading: &b)
            boxOffset = box.offset
            version = h.version
            width = h.width
            height = h.height
            chromaSubsampling = h.chroma
            bitDepth = h.bitDepth
            isFloat = h.isFloat
            fullRange = h.fullRange
            orientation = h.orientation
            colourPrimaries = h.colourPrimaries
            transferCharacteristics = h.transfer
            matrixCoefficients = h.matrix
            alphaPremultiplied = h.alphaPremultiplied
            exifXMPCompressed = h.exifXMPCompressed
            if let t = h.explicitTypes {
                (itemType, configType) = t
            } else if brand == "heic" {
                (itemType, configType) = (BMFF.BoxType.hvc1, BMFF.BoxType.hvcC)
            } else if brand == "avif" {
                (itemType, configType) = (FourCC(string: "av01"), FourCC(string: "av1C"))
            } else {
                throw ParseError(.miniCodecUnknown, at: box.offset, path: Self.path,
                                 "the ftyp minor_version '\(brand)' names no codec this reader knows (heic, avif)")
            }
            // safe: the bit position is at most 4096 × 8.
            var at = start + (b.bitPosition + 7) / 8
            let end = box.payloadRange.upperBound
            func take(_ n: Int, _ what: String) throws(ParseError) -> Range<Int> {
                guard n >= 0, n <= end - at else {
                    throw ParseError(.truncated, at: box.offset, path: Self.path,
                                     "the \(what) (\(n) bytes at \(at)) runs past the mini box (ends at \(end))")
                }
                defer { at += n }
                return at..<(at + n)
            }
            // Annex O: configurations, ICC profiles and gain map metadata first, then the alpha,
            // gain map and main image data, then Exif and XMP.
            mainConfig = try take(h.mainConfigSize, "main item's codec configuration")
            alphaConfig = h.alphaDataSize > 0 && h.alphaConfigSize > 0 ? try take(h.alphaConfigSize, "alpha codec configuration") : nil
            if h.gainMapDataSize > 0, h.gainMapConfigSize > 0 { _ = try take(h.gainMapConfigSize, "gain map codec configuration") }
            icc = h.iccSize > 0 ? try take(h.iccSize, "ICC profile") : nil
            if h.tmapICCSize > 0 { _ = try take(h.tmapICCSize, "tone map ICC profile") }
            gainMapMetadata = h.gainMapMetadataSize > 0 ? try take(h.gainMapMetadataSize, "gain map metadata") : nil
            alphaData = h.alphaDataSize > 0 ? try take(h.alphaDataSize, "alpha data") : nil
            gainMapData = h.gainMapDataSize > 0 ? try take(h.gainMapDataSize, "gain map data") : nil
            mainData = try take(h.mainDataSize, "main item's data")
            exif = h.exifSize > 0 ? try take(h.exifSize, "Exif data") : nil
            xmp = h.xmpSize > 0 ? try take(h.xmpSize, "XMP data") : nil
        }

        /// The header fields of Annex O.2 that the layout and the model need, read in order.
        struct Header {
            var version = 0, width = 0, height = 0, chroma = 0, bitDepth = 8, orientation = 1
            var isFloat = false, fullRange = false, alphaPremultiplied = false, exifXMPCompressed = false
            var colourPrimaries = 0, transfer = 0, matrix = 0
            var explicitTypes: (FourCC, FourCC)?
            var mainConfigSize = 0, mainDataSize = 0, alphaConfigSize = 0, alphaDataSize = 0
            var gainMapConfigSize = 0, gainMapDataSize = 0, gainMapMetadataSize = 0
            var iccSize = 0, tmapICCSize = 0, exifSize = 0, xmpSize = 0

            init(reading b: inout BitReader) throws(ParseError) {
                version = Int(try b.bits(2))
                let explicitCodecTypes = try b.flag()
                isFloat = try b.flag()
                fullRange = try b.flag()
                let alpha = try b.flag()
                let explicitCICP = try b.flag()
                let hdr = try b.flag()
                let iccFlag = try b.flag()
                let exifFlag = try b.flag()
                let xmpFlag = try b.flag()
                chroma = Int(try b.bits(2))
                orientation = Int(try b.bits(3)) + 1
                let large = try b.flag()
                width = Int(try b.bits(large ? 15 : 7)) + 1
                height = Int(try b.bits(large ? 15 : 7)) + 1
                if chroma == 1 || chroma == 2 { try b.skip(1) }   // chroma_is_horizontally_centered
                if chroma == 1 { try b.skip(1) }                  // chroma_is_vertically_centered
                if isFloat {
                    let log2 = Int(try b.bits(2)) + 4
                    guard log2 <= 6 else { throw ParseError(.miniInvalid, at: b.offset, path: b.path, "reserved float bit_depth_log2 7") }
                    bitDepth = 1 << log2
                } else if try b.flag() {
                    bitDepth = Int(try b.bits(3)) + 9
                }
                if alpha { alphaPremultiplied = try b.flag() }
                if explicitCICP {
                    colourPrimaries = Int(try b.bits(8))
                    transfer = Int(try b.bits(8))
                    matrix = Int(try b.bits(8))
                } else {
                    colourPrimaries = iccFlag ? 2 : 1
                    transfer = iccFlag ? 2 : 13
                    matrix = chroma == 0 ? 2 : 6
                }
                if explicitCodecTypes {
                    explicitTypes = (FourCC(rawValue: try b.bits(32)), FourCC(rawValue: try b.bits(32)))
                }
                var gainMap = false, tmapICC = false
                if hdr {
                    gainMap = try b.flag()
                    if gainMap { tmapICC = try Self.skipGainMapHeader(&b, large: large) }
                    try Self.skipHDRMetadata(&b)
                    if gainMap { try Self.skipHDRMetadata(&b) }
                }
                // Chunk sizes.
                let largeMetadata = iccFlag || exifFlag || xmpFlag || gainMap ? try b.flag() : false
                let largeConfig = try b.flag()
                let largeData = try b.flag()
                let metadataBits = largeMetadata ? 20 : 10, configBits = largeConfig ? 12 : 3, dataBits = largeData ? 28 : 15
                if iccFlag { iccSize = Int(try b.bits(metadataBits)) + 1 }
                if gainMap, tmapICC { tmapICCSize = Int(try b.bits(metadataBits)) + 1 }
                if gainMap { gainMapMetadataSize = Int(try b.bits(metadataBits)) }
                if gainMap { gainMapDataSize = Int(try b.bits(dataBits)) }
                if gainMap, gainMapDataSize > 0 { gainMapConfigSize = Int(try b.bits(configBits)) }
                mainConfigSize = Int(try b.bits(configBits))
                mainDataSize = Int(try b.bits(dataBits)) + 1
                if alpha { alphaDataSize = Int(try b.bits(dataBits)) }
                if alpha, alphaDataSize > 0 { alphaConfigSize = Int(try b.bits(configBits)) }
                if exifFlag || xmpFlag { exifXMPCompressed = try b.flag() }
                if exifFlag { exifSize = Int(try b.bits(metadataBits)) + 1 }
                if xmpFlag { xmpSize = Int(try b.bits(metadataBits)) + 1 }
            }

            /// The gain map's description (size, colour, bit depth, tone map colour); returns
            /// whether a tone map ICC profile follows among the chunks.
            static func skipGainMapHeader(_ b: inout BitReader, large: Bool) throws(ParseError) -> Bool {
                if !(try b.flag()) { try b.skip(2 * (large ? 15 : 7)) }   // gainmap_dimension_same_as_main_item_flag
                try b.skip(8 + 1)                                        // matrix_coefficients, full_range_flag
                let chroma = Int(try b.bits(2))
                if chroma == 1 || chroma == 2 { try b.skip(1) }
                if chroma == 1 { try b.skip(1) }
                if try b.flag() { try b.skip(2) } else if try b.flag() { try b.skip(3) }   // float / high bit depth
                let tmapICC = try b.flag()
                if try b.flag() { try b.skip(8 + 8 + 8 + 1) }            // tmap explicit CICP
                return tmapICC
            }

            /// clli, mdcv, cclv, amve, reve and ndwt, each present by its flag.
            static func skipHDRMetadata(_ b: inout BitReader) throws(ParseError) {
                let clli = try b.flag(), mdcv = try b.flag(), cclv = try b.flag()
                let amve = try b.flag(), reve = try b.flag(), ndwt = try b.flag()
                if clli { try b.skip(32) }
                if mdcv { try b.skip(6 * 16 + 2 * 16 + 2 * 32) }
                if cclv {
                    try b.skip(2)
                    let primaries = try b.flag(), minL = try b.flag(), maxL = try b.flag(), avg = try b.flag()
                    try b.skip(2)
                    if primaries { try b.skip(6 * 32) }
                    for present in [minL, maxL, avg] where present { try b.skip(32) }
                }
                if amve { try b.skip(32 + 16 + 16) }
                if reve { try b.skip(32 + 16 + 16 + 32 + 16 + 16) }
                if ndwt { try b.skip(32) }
            }
        }
    }
}

extension ParseError.Code {
    /// A mini box header with a reserved value.
    package static let miniInvalid = Self("heif.miniInvalid")
    /// A writer handed a low-overhead (mini) file, which it does not rewrite.
    package static let miniNotRewritten = Self("heif.miniNotRewritten")
    /// A mini box whose codec neither its header nor its brand names.
    package static let miniCodecUnknown = Self("heif.miniCodecUnknown")
}

extension BitReader.Codes {
    /// A `mini` box header (ISO/IEC 23008-12 Annex O): what does not read is an invalid box.
    package static let miniHeader = Self(fieldTooWide: .truncated, expGolombTooLong: .miniInvalid)
}
