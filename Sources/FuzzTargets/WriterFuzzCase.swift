import AuxData
import Container
import Validator

/// One run of the writer driven by arbitrary bytes: a map of random size and values (NaN,
/// infinities, negatives, flat and huge ranges included) with random options — kind, pixel
/// format, replacing the photo's depth or adding a matte, stripping afterwards — written into
/// one of the good photos as `embed` and `strip` write it. The writer's promise is checked on
/// every result: a map whose values the writer accepts gives a photo that reads again with the
/// map at its size and passes `check --pixels` with no error, and stripping every aux image
/// of it gives a photo that passes too.
package struct WriterFuzzCase: Sendable {
    package let photo: Int
    package let kind: AuxImageKind
    package let format: PixelFormat
    package let width: Int
    package let height: Int
    package let values: [Float]
    package let replace: Bool
    package let withMatte: Bool
    package let strip: Bool

    /// Decodes `bytes`: three option bytes, then Float32 values (little endian) repeated to
    /// fill the map; with fewer than four value bytes, a ramp. Sizes are 1…32 × the photo's
    /// aspect, so each case stays small.
    package init?(_ bytes: [UInt8], photos: [(width: Int, height: Int)]) {
        guard bytes.count >= 3, !photos.isEmpty else { return nil }
        photo = Int(bytes[0]) % photos.count
        let o = bytes[1]
        kind = o & 1 == 0 ? .depth : .disparity
        let formats = kind == .depth ? [PixelFormat.hdep, PixelFormat.fdep] : [PixelFormat.hdis, PixelFormat.fdis]
        format = formats[Int(o >> 1) & 1]
        replace = o & 4 != 0
        withMatte = o & 8 != 0
        strip = o & 16 != 0
        let (pw, ph) = photos[photo]
        let scale = 1 + Int(bytes[2] % 32)
        let g = Self.gcd(pw, ph)
        let (aw, ah) = (max(1, pw / max(g, 1)), max(1, ph / max(g, 1)))
        width = min(aw * scale, 128)
        height = min(ah * scale, 128)
        let n = width * height
        let raw = bytes.dropFirst(3)
        var floats: [Float] = []
        var i = raw.startIndex
        while i + 3 < raw.endIndex {
            let bits = UInt32(raw[i]) | UInt32(raw[i + 1]) << 8 | UInt32(raw[i + 2]) << 16 | UInt32(raw[i + 3]) << 24
            floats.append(Float(bitPattern: bits))
            i += 4
        }
        if floats.isEmpty { floats = (0..<n).map { Float(0.5 + Double($0) / Double(max(n, 1))) } }
        values = (0..<n).map { floats[$0 % floats.count] }
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// Runs the case on `photoBytes` (the photo `photo` picks); returns the broken promise, or
    /// nil when every result kept it (a refusal keeps it: nothing is written).
    package func run(on photoBytes: [UInt8], limits: ParseLimits) -> String? {
        guard let photo = try? PhotoReader.read(photoBytes, limits: limits) else { return nil }
        let container = PhotoReader.container(of: photoBytes) ?? .jpeg
        if MapValueProblem.ofDepthValues(values, width: width, kind: kind, container: container) != nil { return nil }
        guard let map = AuxMap.quantising(values, width: width, height: height, kind: kind, format: format) else {
            return "values the writer accepts could not be quantised (\(width)x\(height))"
        }
        var adding = [map]
        if withMatte {
            let matte = (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            adding.append(AuxMap(kind: .portraitEffectsMatte, width: width, height: height, samples: matte,
                                 nativeFormat: PixelFormat.L008))
        }
        let existing = photo.auxImages.filter { $0.kind.isDepthLike && !$0.isGDepth }
        // embed refuses a second depth without --replace, and a matte beside a removed depth.
        if !existing.isEmpty && !replace { return nil }
        let removing = existing.map(\.index) + (replace ? photo.auxImages.filter { $0.kind.isMatte }.map(\.index) : [])
        let written: [UInt8]
        do { written = try AuxEmbedder.edit(photoBytes, removing: removing, adding: adding, limits: limits) } catch {
            // A removal the input makes impossible is refused with nothing written (a Dynamic
            // Depth directory that lists more than its maps, say): the promise is kept.
            if error.reason == .cannotRemove { return nil }
            // Every size from 1x1 to 128x128 is written, in both containers.
            return "the writer failed on accepted values: \(error)"
        }
        guard let again = try? PhotoReader.read(written, limits: limits) else { return "the written photo cannot be read again" }
        guard again.auxImages.contains(where: { $0.kind == kind && $0.width == width && $0.height == height }) else {
            return "the written photo has no \(kind.rawValue) map of \(width)x\(height)"
        }
        let errors = WrittenPhotoCheck.errors(in: written, path: "written", limits: limits)
        if !errors.isEmpty { return "the written photo fails check: \(errors.map { "\($0.rule): \($0.message)" })" }
        guard strip else { return nil }
        let stripped: [UInt8]
        do { stripped = try AuxEmbedder.edit(written, removing: again.auxImages.map(\.index), adding: [], limits: limits) } catch {
            return "strip of the written photo failed: \(error)"
        }
        let strippedErrors = WrittenPhotoCheck.errors(in: stripped, path: "stripped", limits: limits)
        if !strippedErrors.isEmpty { return "the stripped photo fails check: \(strippedErrors.map { "\($0.rule): \($0.message)" })" }
        return nil
    }
}
