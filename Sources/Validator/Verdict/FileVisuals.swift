import AuxData
import Container

/// The pictures of one file's card in the HTML report, made by whoever can decode (the command
/// line, through AuxData's decoder): pictures already encoded, with what the card says of
/// them. The report only places them; it decodes nothing.
package struct FileVisuals: Sendable {
    /// One encoded picture (PNG or JPEG), its media type and the size it decodes to.
    package struct Picture: Sendable, Hashable {
        package let bytes: [UInt8]
        /// `image/png` or `image/jpeg`: what `bytes` are, for the page's `data:` address.
        package let mediaType: String
        package let width: Int
        package let height: Int
        package init(bytes: [UInt8], mediaType: String, width: Int, height: Int) {
            self.bytes = bytes
            self.mediaType = mediaType
            self.width = width
            self.height = height
        }
    }

    /// The colours of a colour-mapped picture: the values at its two ends and their unit.
    package struct Legend: Sendable, Equatable {
        package let minimum: Double
        package let maximum: Double
        /// "m" for depth, "1/m" for disparity.
        package let unit: String
        /// Whether the warm end is the minimum (depth: nearer is smaller) or the maximum.
        package let warmAtMinimum: Bool
        package init(minimum: Double, maximum: Double, unit: String, warmAtMinimum: Bool) {
            self.minimum = minimum
            self.maximum = maximum
            self.unit = unit
            self.warmAtMinimum = warmAtMinimum
        }
    }

    /// One aux image, drawn in the photo's display orientation.
    package struct Map: Sendable {
        package let index: Int
        package let kind: String
        package let picture: Picture?
        package let legend: Legend?
        package let statistics: AuxStatistics?
        /// The aux data dictionary, as name and value.
        package let dictionary: [(String, String)]
        /// Why there is no picture (a decode error), shown instead of it.
        package let note: String?
        /// For a map that lines up with the photo only when turned, mirrored, moved or cropped
        /// (`geometry.content.misaligned`): the map so placed, and how (`turned 180°`).
        package let fitting: (picture: Picture, placement: String)?
        /// What content alignment found when it drew no placement: that the map lines up as
        /// placed, fits nowhere, or why it was not judged.
        package let alignment: String?
        package init(index: Int, kind: String, picture: Picture?, legend: Legend? = nil, statistics: AuxStatistics? = nil,
                    dictionary: [(String, String)] = [], note: String? = nil, fitting: (picture: Picture, placement: String)? = nil,
                    alignment: String? = nil) {
            self.index = index
            self.kind = kind
            self.picture = picture
            self.legend = legend
            self.statistics = statistics
            self.dictionary = dictionary
            self.note = note
            self.fitting = fitting
            self.alignment = alignment
        }

        /// The same entry with `picture` drawn; a picture that could not be encoded is
        /// said in its note.
        package func drawn(_ picture: Picture?, fitting: (picture: Picture, placement: String)? = nil, alignment: String? = nil) -> Map {
            Map(index: index, kind: kind, picture: picture, legend: legend, statistics: statistics, dictionary: dictionary,
                note: picture == nil ? "the picture could not be encoded" : note, fitting: fitting, alignment: alignment)
        }
    }

    /// The primary in display orientation, small.
    package let thumbnail: Picture?
    /// Why there is no thumbnail.
    package let thumbnailNote: String?
    package let maps: [Map]

    package init(thumbnail: Picture?, thumbnailNote: String? = nil, maps: [Map]) {
        self.thumbnail = thumbnail
        self.thumbnailNote = thumbnailNote
        self.maps = maps
    }
}
