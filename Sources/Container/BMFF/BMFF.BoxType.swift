extension BMFF {
    /// The four-character codes depthcheck reads, in one table (ISO/IEC 14496-12 §4.2, §8.11;
    /// ISO/IEC 23008-12 §6.5, §9). Unknown codes stay `FourCC` values and are kept, not rejected.
    public enum BoxType {
        // Top level (ISO/IEC 14496-12 §4.3, §8.1.1, §8.11.1)
        public static let ftyp: FourCC = "ftyp"
        public static let meta: FourCC = "meta"
        public static let mdat: FourCC = "mdat"
        public static let free: FourCC = "free"
        public static let skip: FourCC = "skip"
        public static let uuid: FourCC = "uuid"
        // Inside meta (ISO/IEC 14496-12 §8.11)
        public static let hdlr: FourCC = "hdlr"
        public static let pitm: FourCC = "pitm"
        public static let iinf: FourCC = "iinf"
        public static let infe: FourCC = "infe"
        public static let iloc: FourCC = "iloc"
        public static let idat: FourCC = "idat"
        public static let iref: FourCC = "iref"
        public static let iprp: FourCC = "iprp"
        public static let ipco: FourCC = "ipco"
        public static let ipma: FourCC = "ipma"
        public static let dinf: FourCC = "dinf"
        // Entity groups (ISO/IEC 14496-12 §8.18; ISO/IEC 23008-12 §6.8)
        public static let grpl: FourCC = "grpl"
        public static let altr: FourCC = "altr"
        // Item properties (ISO/IEC 23008-12 §6.5; ISO/IEC 14496-15 §8.3.3; AV1-ISOBMFF §2.3)
        public static let ispe: FourCC = "ispe"
        public static let pixi: FourCC = "pixi"
        public static let hvcC: FourCC = "hvcC"
        public static let av1C: FourCC = "av1C"
        public static let auxC: FourCC = "auxC"
        public static let irot: FourCC = "irot"
        public static let imir: FourCC = "imir"
        public static let clap: FourCC = "clap"
        public static let colr: FourCC = "colr"
        // Reference types (ISO/IEC 14496-12 §8.11.12; their meanings for images: ISO/IEC 23008-12 §6.4, §6.6)
        public static let auxl: FourCC = "auxl"
        public static let cdsc: FourCC = "cdsc"
        public static let dimg: FourCC = "dimg"
        public static let thmb: FourCC = "thmb"
        public static let base: FourCC = "base"
        // Item types (ISO/IEC 23008-12 §6.6, Annex B; ISO/IEC 21496-1 tmap)
        public static let hvc1: FourCC = "hvc1"
        public static let av01: FourCC = "av01"
        public static let grid: FourCC = "grid"
        public static let iden: FourCC = "iden"
        public static let iovl: FourCC = "iovl"
        public static let tmap: FourCC = "tmap"
        public static let jpeg: FourCC = "jpeg"
        public static let unci: FourCC = "unci"
        public static let exif: FourCC = "Exif"
        public static let mime: FourCC = "mime"
        public static let uri: FourCC = "uri "
        // Colour types (ISO/IEC 14496-12 §12.1.5)
        public static let nclx: FourCC = "nclx"
        public static let rICC: FourCC = "rICC"
        public static let prof: FourCC = "prof"
        // Handler (ISO/IEC 23008-12 §6.2)
        public static let pict: FourCC = "pict"
        // Tracks (ISO/IEC 14496-12 §8.2–§8.7): what locates a track's samples in the file.
        public static let moov: FourCC = "moov"
        /// The low-overhead MinimizedImageBox (ISO/IEC 23008-12 Annex O).
        public static let mini: FourCC = "mini"
        public static let trak: FourCC = "trak"
        public static let tkhd: FourCC = "tkhd"
        public static let mdia: FourCC = "mdia"
        public static let minf: FourCC = "minf"
        public static let stbl: FourCC = "stbl"
        public static let stco: FourCC = "stco"
        public static let co64: FourCC = "co64"
        public static let stsc: FourCC = "stsc"
        public static let stsz: FourCC = "stsz"
        public static let stz2: FourCC = "stz2"
        // Boxes that hold absolute file offsets a writer does not rewrite (§8.8 movie
        // fragments, §8.16.3 segment index, §8.16.4 subsegment index).
        public static let moof: FourCC = "moof"
        public static let mfra: FourCC = "mfra"
        public static let sidx: FourCC = "sidx"
        public static let ssix: FourCC = "ssix"

        /// Item types that are images and therefore need an `ispe` (ISO/IEC 23008-12 §6.5.3.1).
        public static let imageItemTypes = Set(imageItemTypeList)

        /// The same, as a list for the parsers and rules. A list rather than a set: the first
        /// `Set<FourCC>` or dictionary keyed by `FourCC` a process makes has the runtime look
        /// `FourCC: Hashable` up through every conformance record of the program, which costs a
        /// one-file check more than comparing a few four-byte codes.
        @usableFromInline static let imageItemTypeList: [FourCC] = [hvc1, av01, grid, iden, iovl, tmap, jpeg, unci]
    }
}
