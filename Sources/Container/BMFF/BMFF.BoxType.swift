extension BMFF {
    /// The four-character codes depthcheck reads, in one table (ISO/IEC 14496-12 §4.2, §8.11;
    /// ISO/IEC 23008-12 §6.5, §9). Unknown codes stay `FourCC` values and are kept, not rejected.
    package enum BoxType {
        // Top level (ISO/IEC 14496-12 §4.3, §8.1.1, §8.11.1)
        @inlinable package static var ftyp: FourCC { "ftyp" }
        @inlinable package static var meta: FourCC { "meta" }
        @inlinable package static var mdat: FourCC { "mdat" }
        @inlinable package static var free: FourCC { "free" }
        @inlinable package static var skip: FourCC { "skip" }
        @inlinable package static var uuid: FourCC { "uuid" }
        // Inside meta (ISO/IEC 14496-12 §8.11)
        @inlinable package static var hdlr: FourCC { "hdlr" }
        @inlinable package static var pitm: FourCC { "pitm" }
        @inlinable package static var iinf: FourCC { "iinf" }
        @inlinable package static var infe: FourCC { "infe" }
        @inlinable package static var iloc: FourCC { "iloc" }
        @inlinable package static var idat: FourCC { "idat" }
        @inlinable package static var iref: FourCC { "iref" }
        @inlinable package static var iprp: FourCC { "iprp" }
        @inlinable package static var ipco: FourCC { "ipco" }
        @inlinable package static var ipma: FourCC { "ipma" }
        @inlinable package static var dinf: FourCC { "dinf" }
        @inlinable package static var dref: FourCC { "dref" }
        // Entity groups (ISO/IEC 14496-12 §8.18; ISO/IEC 23008-12 §6.8)
        @inlinable package static var grpl: FourCC { "grpl" }
        @inlinable package static var altr: FourCC { "altr" }
        // Item properties (ISO/IEC 23008-12 §6.5; ISO/IEC 14496-15 §8.3.3; AV1-ISOBMFF §2.3)
        @inlinable package static var ispe: FourCC { "ispe" }
        @inlinable package static var pixi: FourCC { "pixi" }
        @inlinable package static var hvcC: FourCC { "hvcC" }
        @inlinable package static var av1C: FourCC { "av1C" }
        @inlinable package static var auxC: FourCC { "auxC" }
        @inlinable package static var irot: FourCC { "irot" }
        @inlinable package static var imir: FourCC { "imir" }
        @inlinable package static var clap: FourCC { "clap" }
        @inlinable package static var colr: FourCC { "colr" }
        // Reference types (ISO/IEC 14496-12 §8.11.12; their meanings for images: ISO/IEC 23008-12 §6.4, §6.6)
        @inlinable package static var auxl: FourCC { "auxl" }
        @inlinable package static var cdsc: FourCC { "cdsc" }
        @inlinable package static var dimg: FourCC { "dimg" }
        @inlinable package static var thmb: FourCC { "thmb" }
        @inlinable package static var base: FourCC { "base" }
        // Item types (ISO/IEC 23008-12 §6.6, Annex B; ISO/IEC 21496-1 tmap)
        @inlinable package static var hvc1: FourCC { "hvc1" }
        @inlinable package static var av01: FourCC { "av01" }
        @inlinable package static var grid: FourCC { "grid" }
        @inlinable package static var iden: FourCC { "iden" }
        @inlinable package static var iovl: FourCC { "iovl" }
        @inlinable package static var tmap: FourCC { "tmap" }
        @inlinable package static var jpeg: FourCC { "jpeg" }
        @inlinable package static var unci: FourCC { "unci" }
        @inlinable package static var exif: FourCC { "Exif" }
        @inlinable package static var mime: FourCC { "mime" }
        @inlinable package static var uri: FourCC { "uri " }
        // Colour types (ISO/IEC 14496-12 §12.1.5)
        @inlinable package static var nclx: FourCC { "nclx" }
        @inlinable package static var rICC: FourCC { "rICC" }
        @inlinable package static var prof: FourCC { "prof" }
        // Handler (ISO/IEC 23008-12 §6.2)
        @inlinable package static var pict: FourCC { "pict" }
        // Tracks (ISO/IEC 14496-12 §8.2–§8.7): what locates a track's samples in the file.
        @inlinable package static var moov: FourCC { "moov" }
        /// The low-overhead MinimizedImageBox (ISO/IEC 23008-12 Annex O).
        @inlinable package static var mini: FourCC { "mini" }
        @inlinable package static var trak: FourCC { "trak" }
        @inlinable package static var tkhd: FourCC { "tkhd" }
        @inlinable package static var mdia: FourCC { "mdia" }
        @inlinable package static var minf: FourCC { "minf" }
        @inlinable package static var stbl: FourCC { "stbl" }
        @inlinable package static var stco: FourCC { "stco" }
        @inlinable package static var co64: FourCC { "co64" }
        @inlinable package static var stsc: FourCC { "stsc" }
        @inlinable package static var stsz: FourCC { "stsz" }
        @inlinable package static var stz2: FourCC { "stz2" }
        // Boxes that hold absolute file offsets a writer does not rewrite (§8.8 movie
        // fragments, §8.16.3 segment index, §8.16.4 subsegment index).
        @inlinable package static var moof: FourCC { "moof" }
        @inlinable package static var mfra: FourCC { "mfra" }
        @inlinable package static var sidx: FourCC { "sidx" }
        @inlinable package static var ssix: FourCC { "ssix" }

        /// Item types that are images and therefore need an `ispe` (ISO/IEC 23008-12 §6.5.3.1).
        package static let imageItemTypes = Set(imageItemTypeList)

        /// The same, as a list for the parsers and rules (a list rather than a set: `ListSet`
        /// says why).
        @usableFromInline static let imageItemTypeList: [FourCC] = [hvc1, av01, grid, iden, iovl, tmap, jpeg, unci]

        /// Whether `type` is one of `imageItemTypes`, compared as constants in place: a rule
        /// asks this of every item of every file, and a look-up in a stored list is a call the
        /// optimizer cannot see through, across which it copies the item it is looking at.
        @inlinable package static func isImageItemType(_ type: FourCC) -> Bool {
            switch type {
            case hvc1, av01, grid, iden, iovl, tmap, jpeg, unci: true
            default: false
            }
        }
    }
}
