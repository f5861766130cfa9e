extension JPEG {
    /// A JPEG marker code: the byte that follows `0xFF`.
    ///
    /// ITU-T T.81 Table B.1. Markers without a length field (SOI, EOI, RSTn, TEM) are
    /// "standalone" (T.81 B.1.1.3); all others are followed by a 2-byte length.
    package struct Marker: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        package static let tem = Marker(rawValue: 0x01)
        package static let sof0 = Marker(rawValue: 0xC0)
        package static let dht = Marker(rawValue: 0xC4)
        package static let jpg = Marker(rawValue: 0xC8)
        package static let dac = Marker(rawValue: 0xCC)
        package static let rst0 = Marker(rawValue: 0xD0)
        package static let soi = Marker(rawValue: 0xD8)
        package static let eoi = Marker(rawValue: 0xD9)
        package static let sos = Marker(rawValue: 0xDA)
        package static let dqt = Marker(rawValue: 0xDB)
        package static let dnl = Marker(rawValue: 0xDC)
        package static let dri = Marker(rawValue: 0xDD)
        package static let app0 = Marker(rawValue: 0xE0)
        package static let app1 = Marker(rawValue: 0xE1)
        package static let app2 = Marker(rawValue: 0xE2)
        package static let com = Marker(rawValue: 0xFE)

        /// APPn, n in 0...15 (T.81 B.2.4.6).
        package static func app(_ n: UInt8) -> Marker { Marker(rawValue: 0xE0 | (n & 0x0F)) }

        /// RST0...RST7 (T.81 B.2.1): only valid inside entropy-coded data.
        package var isRestart: Bool { rawValue & 0xF8 == 0xD0 }
        /// APP0...APP15.
        package var isApplication: Bool { rawValue & 0xF0 == 0xE0 }
        /// SOF0-3, SOF5-7, SOF9-11, SOF13-15 (T.81 Table B.1); C4 (DHT), C8 (JPG) and CC (DAC)
        /// share the range but are not frame headers.
        package var isStartOfFrame: Bool {
            rawValue & 0xF0 == 0xC0 && self != .dht && self != .jpg && self != .dac
        }
        /// Markers with no length field (T.81 B.1.1.3, B.1.1.4).
        package var isStandalone: Bool {
            self == .soi || self == .eoi || self == .tem || isRestart
        }
        /// Progressive frames (SOF2, SOF6, SOF10, SOF14) have several scans (T.81 G.1.1).
        package var isProgressive: Bool { isStartOfFrame && rawValue & 0x03 == 0x02 }

        /// The conventional name: `SOI`, `APP1`, `SOF0`, `RST3`, `M0xC8`.
        package var description: String {
            switch rawValue {
            case 0xD8: return "SOI"
            case 0xD9: return "EOI"
            case 0xDA: return "SOS"
            case 0xDB: return "DQT"
            case 0xC4: return "DHT"
            case 0xDC: return "DNL"
            case 0xDD: return "DRI"
            case 0xFE: return "COM"
            case 0xCC: return "DAC"
            case 0x01: return "TEM"
            default:
                if isApplication { return "APP\(rawValue & 0x0F)" }
                if isRestart { return "RST\(rawValue & 0x07)" }
                if isStartOfFrame { return "SOF\(rawValue & 0x0F)" }
                let hex = String(rawValue, radix: 16, uppercase: true)
                return "M0x" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
    }
}
