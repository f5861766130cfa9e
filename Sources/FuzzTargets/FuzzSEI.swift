import AuxData
import Container

extension FuzzTarget {
    /// The depth representation SEI in auxC subtype bytes. Whatever decodes must encode and
    /// decode back to an equal model.
    static func sei(_ bytes: [UInt8]) throws(FuzzViolation) {
        // Decode at a non-zero offset in a larger array, the way the reader passes a slice of the file.
        let file = [UInt8](repeating: 0xAA, count: 7) + bytes
        let info: DepthRepresentationInfo
        do {
            info = try DepthRepresentationSEI.decode(auxCSubtype: file[7...], at: 7, path: "auxC", limits: Fuzz.limits)
        } catch {
            if error.offset < 0 || error.offset > file.count {
                throw FuzzViolation("SEI error offset outside the input", "\(error.offset) of \(file.count): \(error)")
            }
            return
        }
        _ = info.unspecifiedElements
        _ = info.representationType
        let encoded = DepthRepresentationSEI.encode(info)
        let again: DepthRepresentationInfo
        do {
            again = try DepthRepresentationSEI.decode(auxCSubtype: encoded[...], at: 0, path: "auxC", limits: Fuzz.limits)
        } catch {
            throw FuzzViolation("SEI encoding of a decoded model does not decode", "\(info)\n\(error)")
        }
        if again != info { throw FuzzViolation("SEI encode/decode round trip differs", "\(info)\n\(again)") }
    }
}
