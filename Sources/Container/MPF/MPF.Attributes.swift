extension MPF {
    /// The MP Attribute IFD values that place a multi-frame image among its views (CIPA DC-007
    /// §5.2.4 Table 8): in the first image the IFD after the MP Index IFD, in images 2..n the
    /// only IFD of their MP Extensions (§5.2.3). Values as declared; a tag of another type or
    /// count than the table's is left out.
    package struct Attributes: Sendable, Equatable {
        package static let individualImageNumberTag: UInt16 = 0xB101
        package static let baseViewpointNumberTag: UInt16 = 0xB204
        package static let convergenceAngleTag: UInt16 = 0xB205
        package static let baselineLengthTag: UInt16 = 0xB206

        /// MPIndividualNum: the image's number among the multi-frame images, from 1 (LONG).
        package let individualImageNumber: UInt32?
        /// BaseViewpointNum: the viewpoint the others are measured from (LONG).
        package let baseViewpointNumber: UInt32?
        /// ConvergenceAngle in degrees (SRATIONAL), as numerator and denominator.
        package let convergenceAngle: (Int32, Int32)?
        /// BaselineLength in metres (RATIONAL), as numerator and denominator.
        package let baselineLength: (UInt32, UInt32)?

        package static func == (a: Attributes, b: Attributes) -> Bool {
            a.individualImageNumber == b.individualImageNumber && a.baseViewpointNumber == b.baseViewpointNumber
                && a.convergenceAngle?.0 == b.convergenceAngle?.0 && a.convergenceAngle?.1 == b.convergenceAngle?.1
                && a.baselineLength?.0 == b.baselineLength?.0 && a.baselineLength?.1 == b.baselineLength?.1
        }

        package init(individualImageNumber: UInt32? = nil, baseViewpointNumber: UInt32? = nil,
                    convergenceAngle: (Int32, Int32)? = nil, baselineLength: (UInt32, UInt32)? = nil) {
            self.individualImageNumber = individualImageNumber
            self.baseViewpointNumber = baseViewpointNumber
            self.convergenceAngle = convergenceAngle
            self.baselineLength = baselineLength
        }

        /// The values of `ifd`, whose offsets count from `tiff`'s start.
        package init(ifd: Exif.IFD, tiff: ByteReader, endian: Endian, path: String, issues: inout [ParseError]) {
            func long(_ tag: UInt16) -> UInt32? {
                guard let e = ifd.entry(tag), e.type == 4, e.count == 1 else { return nil }
                return e.valueOrOffset
            }
            func rational(_ tag: UInt16, type: UInt16) -> (UInt32, UInt32)? {
                guard let e = ifd.entry(tag), e.type == type, e.count == 1 else { return nil }
                do throws(ParseError) {
                    let range = try e.valueRange(in: tiff, path: path)
                    var r = try tiff.reader(at: range.lowerBound, count: 8, path: path)
                    return (try r.readU32(endian), try r.readU32(endian))
                } catch {
                    issues.append(error)
                    return nil
                }
            }
            individualImageNumber = long(Self.individualImageNumberTag)
            baseViewpointNumber = long(Self.baseViewpointNumberTag)
            convergenceAngle = rational(Self.convergenceAngleTag, type: 10).map { (Int32(bitPattern: $0.0), Int32(bitPattern: $0.1)) }
            baselineLength = rational(Self.baselineLengthTag, type: 5)
        }

        /// Whether no value was read.
        package var isEmpty: Bool {
            individualImageNumber == nil && baseViewpointNumber == nil && convergenceAngle == nil && baselineLength == nil
        }
    }
}
