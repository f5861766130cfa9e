import AuxData
import Container
import Testing
import TestSupport

/// XDM 1.0 depth maps (eXtensible Device Metadata): one depth aux image per camera with a
/// DepthMap, decoded from the base64 PNG in the XMP, its values by GDepth's RangeLinear.
@Suite struct XDMReaderTests {
    @Test(arguments: [true, false])
    func eachCamerasDepthMapIsADepthImage(_ extended: Bool) throws {
        let bytes = XDMFixture.photo(extended: extended)
        let photo = try PhotoReader.read(bytes)
        #expect(photo.auxImages.map(\.kind) == [.depth, .depth] && photo.auxImages.map(\.index) == [2, 3])
        let (a, b) = (photo.auxImages[0], photo.auxImages[1])
        #expect(a.auxType == "XDM" && a.coded.codec == .png && a.coded.width == 16 && a.coded.height == 12 && a.coded.bitDepth == 16)
        #expect(b.coded.width == 8 && b.coded.height == 6)
        let m = try #require(a.xdmDepthMap)
        #expect(m.camera == 0 && m.format == .rangeLinear && m.near == 0 && m.far == 65535 && m.metric == false && m.mime == "image/png")
        #expect(m.data == XDMFixture.map0 && b.xdmDepthMap?.data == XDMFixture.map1)
        let image = try AuxDecoder(photo: photo, bytes: bytes).storedImage(a)
        #expect(image.sample(x: 3, y: 2) == 1302 && image.sample(x: 15, y: 11) == 2511)
        // RangeLinear with Near 0 and Far 65535: the value is the sample; Metric False leaves
        // the unit undeclared.
        let mapping = ValueMapping.of(a, in: photo, bitDepth: 16)
        #expect(mapping.source == "XDM RangeLinear" && mapping.unit == .depth && mapping.value(ofSample: 1302) == 1302)
        #expect(mapping.unitLabel() == "units not declared")
    }

    @Test func withoutCamerasThereIsNoXDM() throws {
        #expect(try PhotoReader.read(JPEGFixture.image([JPEGFixture.exif(orientation: 1)], body: JPEGFixture.color64x48Body)).auxImages.isEmpty)
    }
}
