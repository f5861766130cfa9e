extension BMFF {
    /// The four-character codes depthcheck reads, in one table (ISO/IEC 14496-12 §4.2, §8.11;
    /// ISO/IEC 23008-12 §6.5, §9). Unknown codes stay `FourCC` values and are kept, not rejected.
    public enum BoxType {
        // Top level (ISO/IEC 14496-12 §4.3, §8.1.1, §8.11.1)
        @inlinable public static var ftyp: FourCC { "ftyp" }
        @inlinable public static var meta: FourCC { "meta" }
        @inlinable public static var mdat: FourCC { "mdat" }
        @inlinable public static var free: FourCC { "free" }
        @inlinable public static var skip: FourCC { "skip" }
        @inlinable public static var uuid: FourCC { "uuid" }
        // Inside meta (ISO/IEC 14496-12 §8.11)
        @inlinable public static var hdlr: FourCC { "hdlr" }
        @inlinable public static var pitm: FourCC { "pitm" }
        @inlinable public static var iinf: FourCC { "iinf" }
        @inlinable public static var infe: FourCC { "infe" }
        @inlinable public static var iloc: FourCC { "iloc" }
        @inlinable public static var idat: FourCC { "idat" }
        @inlinable public static var iref: FourCC { "iref" }
        @inlinable public static var iprp: FourCC { "iprp" }
        @inlinable public static var ipco: FourCC { "ipco" }
        @inlinable public static var ipma: FourCC { "ipma" }
        @inlinable public static var dinf: FourCC { "dinf" }
        @inlinable public static var dref: FourCC { "dref" }
        // Entity groups (ISO/IEC 14496-12 §8.18; ISO/IEC 23008-12 §6.8)
        @inlinable public static var grpl: FourCC { "grpl" }
        @inlinable public static var altr: FourCC { "altr" }
        // Item properties (ISO/IEC 23008-12 §6.5; ISO/IEC 14496-15 §8.3.3; AV1-ISOBMFF §2.3)
        @inlinable public static var ispe: FourCC { "ispe" }
        @inlinable public static var pixi: FourCC { "pixi" }
        @inlinable public static var hvcC: FourCC { "hvcC" }
        @inlinable public static var av1C: FourCC { "av1C" }
        @inlinable public static var auxC: FourCC { "auxC" }
        @inlinable public static var irot: FourCC { "irot" }
        @inlinable public static var imir: FourCC { "imir" }
        @inlinable public static var clap: FourCC { "clap" }
        @inlinable public static var colr: FourCC { "colr" }
        // Reference types (ISO/IEC 14496-12 §8.11.12; their meanings for images: ISO/IEC 23008-12 §6.4, §6.6)
        @inlinable public static var auxl: FourCC { "auxl" }
        @inlinable public static var cdsc: FourCC { "cdsc" }
        @inlinable public static var dimg: FourCC { "dimg" }
        @inlinable public static var thmb: FourCC { "thmb" }
        @inlinable public static var base: FourCC { "base" }
        // Item types (ISO/IEC 23008-12 §6.6, Annex B; ISO/IEC 21496-1 tmap)
        @inlinable public static var hvc1: FourCC { "hvc1" }
        @inlinable public static var av01: FourCC { "av01" }
        @inlinable public static var grid: FourCC { "grid" }
        @inlinable public static var iden: FourCC { "iden" }
        @inlinable public static var iovl: FourCC { "iovl" }
        @inlinable public static var tmap: FourCC { "tmap" }
        @inlinable public static var jpeg: FourCC { "jpeg" }
        @inlinable public static var unci: FourCC { "unci" }
        @inlinable public static var exif: FourCC { "Exif" }
        @inlinable public static var mime: FourCC { "mime" }
        @inlinable public static var uri: FourCC { "uri " }
        // Colour types (ISO/IEC 14496-12 §12.1.5)
        @inlinable public static var nclx: FourCC { "nclx" }
        @inlinable public static var rICC: FourCC { "rICC" }
        @inlinable public static var prof: FourCC { "prof" }
        // Handler (ISO/IEC 23008-12 §6.2)
        @inlinable public static var pict: FourCC { "pict" }
        // Tracks (ISO/IEC 14496-12 §8.2–§8.7): what locates a track's samples in the file.
        @inlinable public static var moov: FourCC { "moov" }
        /// The low-overhead MinimizedImageBox (ISO/IEC 23008-12 Annex O).
        @inlinable public static var mini: FourCC { "mini" }
        @inlinable public static var trak: FourCC { "trak" }
        @inlinable public static var tkhd: FourCC { "tkhd" }
        @inlinable public static var mdia: FourCC { "mdia" }
        @inlinable public static var minf: FourCC { "minf" }
        @inlinable public static var stbl: FourCC { "stbl" }
        @inlinable public static var stco: FourCC { "stco" }
        @inlinable public static var co64: FourCC { "co64" }
        @inlinable public static var stsc: FourCC { "stsc" }
        @inlinable public static var stsz: FourCC { "stsz" }
        @inlinable public static var stz2: FourCC { "stz2" }
        // Boxes that hold absolute file offsets a writer does not rewrite (§8.8 movie
        // fragments, §8.16.3 segment index, §8.16.4 subsegment index).
        @inlinable public static var moof: FourCC { "moof" }
        @inlinable public static var mfra: FourCC { "mfra" }
        @inlinable public static var sidx: FourCC { "sidx" }
        @inlinable public static var ssix: FourCC { "ssix" }

        /// Item types that are images and therefore need an `ispe` (ISO/IEC 23008-12 §6.5.3.1).
        public static let imageItemTypes = Set(imageItemTypeList)

        /// The same, as a list for the parsers and rules. A list rather than a set: the first
        /// `Set<FourCC>` or dictionary keyed by `FourCC` a process makes has the runtime look
        /// `FourCC: Hashable` up through every conformance record of the program, which costs a
        /// one-file check more than comparing a few four-byte codes.
        @usableFromInline static let imageItemTypeList: [FourCC] = [hvc1, av01, grid, iden, iovl, tmap, jpeg, unci]

        /// Whether `type` is one of `imageItemTypes`, compared as constants in place: a rule
        /// asks this of every item of every file, and a look-up in a stored list is a call the
        /// optimizer cannot see through, across which it copies the item it is looking at.
        @inlinable public static func isImageItemType(_ type: FourCC) -> Bool {
            switch type {
            case hvc1, av01, grid, iden, iovl, tmap, jpeg, unci: true
            default: false
            }
        }
    }
}
