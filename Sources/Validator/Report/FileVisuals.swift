import AuxData
import Container

/// The pictures of one file's card in the HTML report, made by whoever can decode (the command
/// line, through AuxData's decoder): pictures already encoded, with what the card says of
/// them. The report only places them; it decodes nothing.
public struct FileVisuals: Sendable {
    /// One encoded picture (PNG or JPEG), its media type and the size it decodes to.
    public struct Picture: Sendable, Hashable {
        public let bytes: [UInt8]
        /// `image/png` or `image/jpeg`: what `bytes` are, for the page's `data:` address.
        public let mediaType: String
        public let width: Int
        public let height: Int
        public init(bytes: [UInt8], mediaType: String, width: Int, height: Int) {
            self.bytes = bytes
            self.mediaType = mediaType
            self.width = width
            self.height = height
        }
    }

    /// The colours of a colour-mapped picture: the values at its two ends and their unit.
    public struct Legend: Sendable, Equatable {
        public let minimum: Double
        public let maximum: Double
        /// "m" for depth, "1/m" for disparity.
        public let unit: String
        /// Whether the warm end is the minimum (depth: nearer is smaller) or the maximum.
        public let warmAtMinimum: Bool
        public init(minimum: Double, maximum: Double, unit: String, warmAtMinimum: Bool) {
            self.minimum = minimum
            self.maximum = maximum
            self.unit = unit
            self.warmAtMinimum = warmAtMinimum
        }
    }

    /// One aux image, drawn in the photo's display orientation.
    public struct Map: Sendable {
        public let index: Int
        public let kind: String
        public let picture: Picture?
        public let legend: Legend?
        public let statistics: AuxStatistics?
        /// The aux data dictionary, as name and value.
        public let dictionary: [(String, String)]
        /// Why there is no picture (a decode error), shown instead of it.
        public let note: String?
        public init(index: Int, kind: String, picture: Picture?, legend: Legend? = nil, statistics: AuxStatistics? = nil,
                    dictionary: [(String, String)] = [], note: String? = nil) {
            self.index = index
            self.kind = kind
            self.picture = picture
            self.legend = legend
            self.statistics = statistics
            self.dictionary = dictionary
            self.note = note
        }

        /// The same entry with `picture` drawn; a picture that could not be encoded is
        /// said in its note.
        public func drawn(_ picture: Picture?) -> Map {
            Map(index: index, kind: kind, picture: picture, legend: legend, statistics: statistics, dictionary: dictionary,
                note: picture == nil ? "the picture could not be encoded" : note)
        }
    }

    /// The primary in display orientation, small.
    public let thumbnail: Picture?
    /// Why there is no thumbnail.
    public let thumbnailNote: String?
    public let maps: [Map]

    public init(thumbnail: Picture?, thumbnailNote: String? = nil, maps: [Map]) {
        self.thumbnail = thumbnail
        self.thumbnailNote = thumbnailNote
        self.maps = maps
    }
}
