import AuxData
import Container

extension FuzzTarget {
    /// Pixel decoding of a JPEG photo: every aux image (MPF images through libjpeg-turbo,
    /// GDepth payloads through libjpeg-turbo or libpng) and the report's picture of the photo.
    /// Decoding either gives an image of exactly its stated size or an error value; nothing
    /// traps, and nothing is allocated past the fuzzing limits. HEIF photos are left to the
    /// other targets: their aux items are decoded by libheif and libde265, whose own
    /// robustness this target does not measure.
    static func pixels(_ bytes: [UInt8]) throws(FuzzViolation) {
        guard PhotoReader.container(of: Array(bytes.prefix(16))) == .jpeg,
              let photo = try? PhotoReader.read(bytes, as: .jpeg, limits: Fuzz.limits) else { return }
        let decoder = AuxDecoder(photo: photo, bytes: bytes, limits: Fuzz.limits)
        for aux in photo.auxImages {
            var collector = StoredImageCollector(maxPixels: Fuzz.limits.maxPixels)
            do throws(AuxDecodeError) {
                try decoder.decode(aux, into: &collector)
            } catch {
                continue
            }
            guard let image = collector.image else { continue }
            if image.samples.count != image.width * image.height {
                throw FuzzViolation("decoded \(image.samples.count) samples for \(image.width)×\(image.height)")
            }
            let mapping = ValueMapping.of(aux, in: photo, bitDepth: image.layout.bitDepth)
            if mapping.values.count != mapping.maxSample + 1 {
                throw FuzzViolation("value table of \(mapping.values.count) entries for \(image.layout.bitDepth)-bit samples")
            }
        }
        if let picture = try? PhotoThumbnail.picture(of: photo, bytes: bytes, maxSide: 32, limits: Fuzz.limits) {
            if max(picture.width, picture.height) > 32 { throw FuzzViolation("picture of \(picture.width)×\(picture.height) over 32") }
            _ = try? picture.png()
        }
    }
}
