/// Why an aux image's samples could not be had, with where in the file the image is. A value,
/// never a trap: the pixel rules turn it into a finding, `extract` into a message.
package struct AuxDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Code: String, Sendable {
        /// The coded data does not decode: truncated, corrupt, or refused by the codec.
        case undecodable
        /// The decoded size differs from the size the container declares (HEIF `ispe`).
        case sizeMismatch
        /// A declared size is over `ParseLimits.maxPixels` (`--max-pixels`); nothing was allocated.
        case overLimit
        /// A coding depthcheck does not decode (AV1, a JPEG payload of a kind it does not know).
        case unsupported
        /// The image has no coded data to decode (no MPF image range, an empty item).
        case noData
        /// The sink refused the rows (an output that could not be written).
        case sink
        /// The decode was stopped from outside (`Cancellation`): a deadline passed.
        case cancelled
    }

    package let code: Code
    package let message: String
    /// Where the aux image is: its absolute offset and structural path.
    package let location: SourceLocation

    package init(_ code: Code, _ message: String, at location: SourceLocation) {
        self.code = code
        self.message = message
        self.location = location
    }

    package var description: String { "\(location.path) at offset \(location.offset): \(message)" }
}
