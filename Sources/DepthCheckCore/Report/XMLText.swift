import Validator
import AuxData
import Container
/// Escapes text for XML character data and attribute values (XML 1.0 §2.4); characters that
/// XML 1.0 cannot carry at all are replaced, so a hostile message cannot break the report.
package enum XMLText {
    package static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            if let raw = PathText.rawByte(u) {
                // A raw byte of a file name, which XML cannot carry: shown as \xNN.
                out += "\\x" + PathText.hex(raw)
                continue
            }
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                if u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }
}
