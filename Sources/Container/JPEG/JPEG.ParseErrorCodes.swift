extension ParseError.Code {
    /// The image does not begin with `FF D8` (T.81 B.2.1: a compressed image starts with SOI).
    package static let jpegMissingSOI = Self("jpeg.missingSOI")
    /// A byte other than `FF` where a marker must start (T.81 B.1.1.2).
    package static let jpegExpectedMarker = Self("jpeg.expectedMarker")
    /// A segment's length field is 0 or 1; it counts itself, so 2 is the minimum (T.81 B.1.1.4).
    package static let segmentLengthBelowTwo = Self("jpeg.segmentLengthBelowTwo")
    /// A segment's length runs past the end of the file.
    package static let segmentTruncated = Self("jpeg.segmentTruncated")
    /// A SOF segment whose length is not 8 + 3·Nf, or with Nf = 0 (T.81 B.2.2).
    package static let sofMalformed = Self("jpeg.sofMalformed")
    /// More than one SOF in one image (T.81 B.2.1 allows one frame per image, hierarchical aside).
    package static let sofDuplicate = Self("jpeg.sofDuplicate")
    /// A SOS before any SOF (T.81 B.2.1: the frame header precedes the scans).
    package static let sosBeforeSOF = Self("jpeg.sosBeforeSOF")
    /// A SOS segment whose length is not 6 + 2·Ns (T.81 B.2.3).
    package static let sosMalformed = Self("jpeg.sosMalformed")
    /// Entropy-coded data or marker segments run to the end of the file with no EOI.
    package static let missingEOI = Self("jpeg.missingEOI")
    /// A marker that cannot appear where it does (SOI inside an image, RSTn between segments).
    package static let unexpectedMarker = Self("jpeg.unexpectedMarker")
    /// More segments than `ParseLimits.maxBoxes`.
    package static let tooManySegments = Self("jpeg.tooManySegments")
}
