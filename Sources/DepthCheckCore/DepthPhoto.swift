import AuxData
import Container
import Validator

/// A photo read from a JPEG or HEIC file: its primary image and the aux images it carries
/// (depth, disparity, mattes, gain maps), their pixels as values, the rule catalog's verdict
/// on it, and new photos with maps embedded.
///
/// Reading never changes the file and never traps on bad input: a file that cannot be read
/// throws ``DepthCheckError/unreadable(message:offset:path:)``, whatever it holds.
public struct DepthPhoto: Sendable {
    /// The file's bytes, as read.
    public let bytes: [UInt8]
    /// The name findings and reports give the file.
    public let name: String
    package let model: ParsedPhoto
    package let limits: ParseLimits

    /// Reads the photo at `path`.
    public init(path: String) throws(DepthCheckError) {
        try self.init(bytes: PhotoFile.read(path, .whole), name: path)
    }

    /// Reads a photo held in memory; `name` is what reports call it.
    public init(bytes: [UInt8], name: String = "photo") throws(DepthCheckError) {
        try self.init(bytes: bytes, name: name, limits: .default)
    }

    /// Reads a photo held in memory within `limits`; `name` is what reports call it.
    public init(bytes: [UInt8], name: String = "photo", limits: ReadLimits) throws(DepthCheckError) {
        self.bytes = bytes
        self.name = name
        self.limits = limits.parse
        do { model = try PhotoReader.read(bytes, limits: limits.parse) } catch {
            throw DepthCheckError.unreadable(message: error.message, offset: error.offset, path: error.path)
        }
    }

    /// JPEG or HEIF.
    public var container: ContainerFormat { model.container }

    /// The photo itself: its size, orientation and codec.
    public var primary: PrimaryImage { PrimaryImage(model.primary) }

    /// Every aux image, lowest index first.
    public var auxImages: [AuxImage] { model.auxImages.sorted { $0.index < $1.index }.map(AuxImage.init) }

    /// The depth or disparity map, decoded and converted to `kind` (depth = 1/disparity):
    /// the aux image of the lowest index that holds either. Nil when the photo has none.
    public func depthMap(as kind: DepthMap.Kind) throws(DepthCheckError) -> DepthMap? {
        guard let aux = model.auxImages.filter({ $0.kind.isDepthLike }).min(by: { $0.index < $1.index }) else { return nil }
        let (w, h, v) = try decode(aux, as: kind == .depth ? .depth : .disparity)
        return DepthMap(width: w, height: h, values: v, kind: kind,
                        unitsDeclared: ValueMapping.of(aux, in: model, bitDepth: 8).unitsDeclared)
    }

    /// The values of any aux image, row by row from the top: a depth or disparity map in its
    /// own unit (metres or 1/metres), a matte, gain map or alpha plane as 0…1. A colour gain
    /// map gives three values a pixel, red, green and blue (`AuxImage.channels`).
    public func values(of aux: AuxImage) throws(DepthCheckError) -> [Float] {
        guard let a = model.auxImages.first(where: { $0.index == aux.index }) else {
            throw DepthCheckError.undecodable(index: aux.index, message: "the photo has no aux image \(aux.index)")
        }
        return try decode(a, as: nil).values
    }

    func decode(_ aux: ParsedAuxImage, as unit: ValueUnit?) throws(DepthCheckError) -> (width: Int, height: Int, values: [Float]) {
        let image: StoredImage
        do { image = try AuxDecoder(photo: model, bytes: bytes, limits: limits).storedImage(aux) } catch {
            throw DepthCheckError.undecodable(index: aux.index, message: error.description)
        }
        let table = ValueMapping.of(aux, in: model, bitDepth: image.layout.bitDepth).table(as: unit)
        let values = image.samples.map { Int($0) < table.count ? table[Int($0)] : .nan }
        return (image.layout.width, image.layout.height, values)
    }

    /// Runs the rule catalog, as `depthcheck check` does; with `pixels`, the aux images are
    /// decoded and the pixel rules run too (`check --pixels`).
    public func validate(pixels: Bool = false) -> ValidationReport {
        ValidationReport(Validation.check(bytes: bytes, path: name, options: CheckOptions(limits: limits, pixels: pixels)))
    }
}
