import ArgumentParser
import AuxData
import Container

/// `depthcheck embed`: attach depth or disparity (and a portrait matte) to a JPEG or HEIC,
/// as Apple's "Creating auxiliary depth data manually" describes: a gray map spanning
/// zNear...zFar, or a float map of metres or 1/metres, becomes an 8-bit map with Apple's XMP.
struct Embed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Attach a depth or disparity map (and a portrait matte) to a JPEG or HEIC photo.",
        discussion: """
            MAP is a gray PGM (8 or 16 bit; with --znear/--zfar, 0 = zNear, 1 = zFar, linear in
            depth), or a PFM or .npy of metres (--depth) or 1/metres (--disparity), in the photo's
            stored frame. It is stored as 8 bits over its own range (FloatMin/FloatMax), as Apple
            stores maps: a JPEG aux image at quality 100, or a lossless monochrome HEVC item.
            Refused with exit 2, before anything is written: a map whose aspect ratio is not the
            photo's, a matte with no depth or disparity, a pixel format not allowed for the kind.
            """)

    @Option(help: "The photo (JPEG or HEIC).") var image: String
    @Option(help: "A depth map (metres, or gray with --znear/--zfar).") var depth: String?
    @Option(help: "A disparity map (1/metres, or gray with --znear/--zfar).") var disparity: String?
    @Option(help: "Distance of gray 0, in metres.") var znear: Double?
    @Option(help: "Distance of gray 1, in metres.") var zfar: Double?
    @Option(help: "Native pixel format: hdis, fdis (disparity), hdep, fdep (depth).") var format: String?
    @Option(help: "A portrait effects matte (gray PGM, or a float map of 0...1).") var matte: String?
    @Flag(help: "Replace the depth or disparity (and matte) the photo already has.") var replace = false
    @Flag(help: "Replace OUT when it exists.") var force = false
    @Option(name: [.short, .customLong("output")], help: "The photo to write.") var output: String

    func run() throws {
        let maps = [depth, disparity, matte].compactMap { $0 }
        let target = try OutputFile.prepare(output, inputs: [image] + maps, noClobber: !force)
        if depth != nil && disparity != nil { throw CommandFailure(Exit.usage, "give --depth or --disparity, not both") }
        guard depth != nil || disparity != nil || matte != nil else {
            throw CommandFailure(Exit.usage, "nothing to embed: give --depth, --disparity or --matte")
        }
        let bytes = try WholeFileInput.read(image)
        let photo: DepthPhoto
        do { photo = try PhotoReader.read(bytes) } catch { throw CommandFailure(Exit.unreadable, "\(image): \(error)") }
        let (pw, ph) = (photo.primary.width, photo.primary.height)

        var adding: [AuxMap] = []
        var removing: [Int] = []
        let existingDepth = photo.auxImages.filter { $0.kind.isDepthLike && $0.auxType != "GDepth" }
        if let path = depth ?? disparity {
            let kind: AuxKind = depth != nil ? .depth : .disparity
            let f = try pixelFormat(for: kind)
            let file = try readMap(path)
            guard EmbedRefusal.aspectMatches(file.width, file.height, pw, ph) else {
                throw EmbedRefusal.refuse("geometry.aux.aspect-mismatch",
                                          "\(path) is \(file.width)x\(file.height), the photo \(pw)x\(ph): the aspect ratios differ")
            }
            let values = try physicalValues(file, kind: kind, path: path)
            guard let map = AuxMap.quantising(values, width: file.width, height: file.height, kind: kind, format: f) else {
                throw CommandFailure(Exit.usage, "\(path): the map has values that are not finite")
            }
            if !existingDepth.isEmpty {
                guard replace else {
                    throw CommandFailure(Exit.usage, "\(image) already has \(existingDepth.map(\.kind.rawValue).joined(separator: ", ")); use --replace")
                }
                removing += existingDepth.map(\.index)
            }
            adding.append(map)
        }
        if let path = matte {
            guard !adding.isEmpty || !existingDepth.isEmpty else {
                throw EmbedRefusal.refuse("matte.requires-depth",
                                          "a portrait effects matte needs a depth or disparity image on the same photo; give --depth or --disparity")
            }
            let file = try readMap(path)
            guard EmbedRefusal.aspectMatches(file.width, file.height, pw, ph) else {
                throw EmbedRefusal.refuse("matte.aspect-mismatch",
                                          "\(path) is \(file.width)x\(file.height), the photo \(pw)x\(ph): the aspect ratios differ")
            }
            let existingMattes = photo.auxImages.filter { $0.kind == .portraitEffectsMatte }
            if !existingMattes.isEmpty {
                guard replace else { throw CommandFailure(Exit.usage, "\(image) already has a portrait effects matte; use --replace") }
                removing += existingMattes.map(\.index)
            }
            let samples = file.values.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
            adding.append(AuxMap(kind: .portraitEffectsMatte, width: file.width, height: file.height, samples: samples,
                                 nativeFormat: PixelFormat.L008))
        }
        let written: [UInt8]
        do {
            written = try AuxEmbedder.edit(bytes, removing: removing, adding: adding)
            _ = try PhotoReader.read(written)
        } catch {
            // A map the encoder cannot store at its size is a wrong request, not a failure.
            throw CommandFailure(error.code == .writeMapSizeUnsupported ? Exit.usage : Exit.internalError, "cannot write \(output): \(error)")
        }
        try target.write(written)
        try StandardOutput.write("\(output): \(adding.map { "\($0.kind.rawValue) \($0.width)x\($0.height)" }.joined(separator: ", ")) embedded\n")
    }

    /// --format, checked against the kind (`dictionary.pixel-format.not-allowed`,
    /// `dictionary.pixel-format.kind-mismatch`); hdis for disparity and hdep for depth by default.
    func pixelFormat(for kind: AuxKind) throws(CommandFailure) -> FourCC {
        guard let name = format else { return kind == .depth ? PixelFormat.hdep : PixelFormat.hdis }
        let f = FourCC(string: name)
        guard name.utf8.count == 4, PixelFormat.depthFormats.contains(f) else {
            throw EmbedRefusal.refuse("dictionary.pixel-format.not-allowed", "\(name) is not hdis, fdis, hdep or fdep")
        }
        if kind == .depth ? !PixelFormat.isDepth(f) : !PixelFormat.isDisparity(f) {
            throw EmbedRefusal.refuse("dictionary.pixel-format.kind-mismatch",
                                      "\(name) is a \(PixelFormat.isDepth(f) ? "depth" : "disparity") format; this map is \(kind.rawValue)")
        }
        return f
    }

    func readMap(_ path: String) throws(CommandFailure) -> MapFile {
        let bytes = try WholeFileInput.read(path)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            throw CommandFailure(Exit.usage, "\(path): PNG maps are not read by this build; give a PGM, PFM or .npy")
        }
        do { return try MapFile(parsing: bytes) } catch { throw CommandFailure(Exit.usage, "\(path): \(error)") }
    }

    /// Metres for depth, 1/metres for disparity. A gray map spans zNear (0) to zFar (1) in depth.
    func physicalValues(_ file: MapFile, kind: AuxKind, path: String) throws(CommandFailure) -> [Double] {
        guard file.isNormalisedGray else { return file.values }
        guard let n = znear, let f = zfar, n > 0, f > n else {
            throw CommandFailure(Exit.usage, "\(path) is a gray map: give --znear and --zfar (0 < znear < zfar, metres)")
        }
        return file.values.map { g in
            let d = n + g * (f - n)
            return kind == .depth ? d : 1 / d
        }
    }
}
