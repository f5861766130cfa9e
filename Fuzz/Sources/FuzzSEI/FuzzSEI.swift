import AuxData
import Container
import FuzzSupport

/// The depth representation SEI in auxC subtype bytes. Whatever decodes must encode and decode
/// back to an equal model.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSEI(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Decode at a non-zero offset in a larger array, the way the reader passes a slice of the file.
    let file = [UInt8](repeating: 0xAA, count: 7) + bytes
    do {
        let info = try DepthRepresentationSEI.decode(auxCSubtype: file[7...], at: 7, path: "auxC", limits: Fuzz.limits)
        _ = info.unspecifiedElements
        _ = info.representationType
        let encoded = DepthRepresentationSEI.encode(info)
        do {
            let again = try DepthRepresentationSEI.decode(auxCSubtype: encoded[...], at: 0, path: "auxC", limits: Fuzz.limits)
            if again != info { Fuzz.violated("SEI encode/decode round trip differs", "\(info)\n\(again)") }
        } catch {
            Fuzz.violated("SEI encoding of a decoded model does not decode", "\(info)\n\(error)")
        }
    } catch {
        if error.offset < 0 || error.offset > file.count {
            Fuzz.violated("SEI error offset outside the input", "\(error.offset) of \(file.count): \(error)")
        }
    }
    return 0
}
