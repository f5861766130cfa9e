import Container
import Foundation

/// XDM 1.0 JPEGs as Intel RealSense cameras wrote them: the primary's XMP holds a `Device`
/// whose `Device:Cameras` lists two cameras, each with a `Camera:DepthMap` (RangeLinear,
/// Near 0, Far 65535, Metric False, a 16-bit PNG as base64 Data), in the Extended XMP packet
/// that the StandardXMP's `xmpNote:HasExtendedXMP` names, or in the StandardXMP itself.
package enum XDMFixture {
    /// Camera 0's map: 16×12, sample = 1000 + 100·x + y (a depth in millimetres).
    package static var map0: [UInt8] { PNGFixture.gray(width: 16, height: 12, bitDepth: 16, samples: (0..<192).map { 1000 + 100 * ($0 % 16) + $0 / 16 }) }
    /// Camera 1's map: 8×6, 2000 + i.
    package static var map1: [UInt8] { PNGFixture.gray(width: 8, height: 6, bitDepth: 16, samples: (0..<48).map { 2000 + $0 }) }

    /// One camera's `rdf:li`; `fields` overrides or (with nil) leaves out DepthMap attributes.
    static func camera(_ data: [UInt8], _ fields: [String: String?] = [:]) -> String {
        var attributes: [(String, String)] = [("Format", "RangeLinear"), ("Near", "0.000000"), ("Far", "65535.000000"),
                                              ("Metric", "False"), ("Mime", "image/png")]
        for (k, v) in fields {
            attributes.removeAll { $0.0 == k }
            if let v { attributes.append((k, v)) }
        }
        return "<rdf:li rdf:parseType=\"Resource\"><Camera:DepthMap rdf:parseType=\"Resource\">"
            + attributes.map { "<Depthmap:\($0.0)>\($0.1)</Depthmap:\($0.0)>" }.joined()
            + "<Depthmap:Data>\(Data(data).base64EncodedString(options: .lineLength76Characters))</Depthmap:Data>"
            + "</Camera:DepthMap></rdf:li>"
    }

    static func device(_ cameras: [String]) -> String {
        "<rdf:Description rdf:about=\"\" xmlns:Device=\"http://ns.xdm.org/photos/1.0/device/\" "
            + "xmlns:Camera=\"http://ns.xdm.org/photos/1.0/camera/\" xmlns:Depthmap=\"http://ns.xdm.org/photos/1.0/depthmap/\">"
            + "<Device:Revision>1.0</Device:Revision><Device:Cameras><rdf:Seq>" + cameras.joined() + "</rdf:Seq></Device:Cameras></rdf:Description>"
    }

    /// The photo: camera 0 with `fields` changed, and camera 1; `extended` puts the Device in
    /// the Extended XMP packet.
    package static func photo(extended: Bool = true, fields: [String: String?] = [:]) -> [UInt8] {
        let desc = device([camera(map0, fields), camera(map1)])
        var segments: [[UInt8]] = [JPEGFixture.exif(orientation: 1)]
        if extended {
            let ext = Array(DynamicDepthFixture.packet(desc).utf8)
            let note = "<rdf:Description rdf:about=\"\" xmlns:xmpNote=\"http://ns.adobe.com/xmp/note/\" xmpNote:HasExtendedXMP=\"\(MD5.hexDigest(ext))\"/>"
            segments += [JPEGFixture.xmp(DynamicDepthFixture.packet(note))] + JPEGFixture.extendedXMP(ext, chunkSize: 65_458)
        } else {
            segments.append(JPEGFixture.xmp(DynamicDepthFixture.packet(desc)))
        }
        return JPEGFixture.image(segments, body: JPEGFixture.color64x48Body)
    }
}
