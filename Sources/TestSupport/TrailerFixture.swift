/// JPEGs with what vendors append after the last image: a Samsung SEFT trailer (a depth map
/// block, its SEFH directory, the footer), a Leia LIF trailer (a view, its footer), a Motion
/// Photo's video located by the GContainer directory, and bytes nothing names.
package enum TrailerFixture {
    static func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// The 64×48 primary, with `segments` before its frame.
    package static func primary(_ segments: [[UInt8]] = []) -> [UInt8] {
        JPEGFixture.image([JPEGFixture.exif(orientation: 1)] + segments, body: JPEGFixture.color64x48Body)
    }

    /// Samsung's trailer as ExifTool's Samsung module reads it (little-endian): a data block
    /// (u16 0, u16 type 0x0AB1, u32 name length, "DualShot_DepthMap_1", the map's bytes), the
    /// SEFH directory (version 101, one entry: u16 0, u16 type, u32 offset back from SEFH, u32
    /// size), then u32 directory length and "SEFT".
    package static func samsungSEFT(depth: [UInt8] = JPEGFixture.image([])) -> [UInt8] {
        let name = Array("DualShot_DepthMap_1".utf8)
        let block: [UInt8] = [0, 0, 0xB1, 0x0A] + le32(name.count) + name + depth
        let directory: [UInt8] = Array("SEFH".utf8) + le32(101) + le32(1) + [0, 0, 0xB1, 0x0A] + le32(block.count) + le32(block.count)
        return block + directory + le32(directory.count) + Array("SEFT".utf8)
    }

    /// A Live Focus trailer as ExifTool's Samsung module reads it: a `DualShot_DepthMap_1`
    /// block (type 0x0AB1) of `width`×`height` 8-bit samples (a ramp, `(x + y) % 256`) and a
    /// `DualShot_Extra_Info` block (0x0AB3) of 104 bytes whose mark 01 00 FF FF at data byte 60
    /// puts the width and height at bytes 64 and 68; then the SEFH directory (version 106,
    /// two entries) and the footer.
    /// `depth` false writes the samples as an `Image_UTC_Data` block (type 0x0A01) instead.
    package static func samsungDualShot(width: Int = 20, height: Int = 15, depth isDepth: Bool = true) -> (trailer: [UInt8], samples: [UInt8]) {
        let samples = (0..<(width * height)).map { UInt8(($0 % width + $0 / width) % 256) }
        func block(_ type: UInt8, _ hi: UInt8, _ name: String, _ data: [UInt8]) -> [UInt8] {
            [0, 0, type, hi] + le32(name.utf8.count) + Array(name.utf8) + data
        }
        var info = [UInt8](repeating: 0x33, count: 104)
        info.replaceSubrange(60..<64, with: [1, 0, 0xFF, 0xFF])
        info.replaceSubrange(64..<72, with: le32(width) + le32(height))
        let depth = isDepth ? block(0xB1, 0x0A, "DualShot_DepthMap_1", samples) : block(0x01, 0x0A, "Image_UTC_Data", samples)
        let extra = block(0xB3, 0x0A, "DualShot_Extra_Info", info)
        let blocks = depth + extra
        let directory: [UInt8] = Array("SEFH".utf8) + le32(106) + le32(2)
            + [0, 0, isDepth ? 0xB1 : 0x01, 0x0A] + le32(blocks.count) + le32(depth.count)
            + [0, 0, 0xB3, 0x0A] + le32(extra.count) + le32(extra.count)
        return (blocks + directory + le32(directory.count) + Array("SEFT".utf8), samples)
    }

    /// Leia's LIF trailer (big-endian): a field count, fields {u32 type, u32 length, data}
    /// (type 0 of 4 bytes, then the right view as a JPEG, type 1000001), and the footer: u32
    /// trailer length, footer included, then 1E 1A.
    package static func leiaLIF(view: [UInt8] = JPEGFixture.image([])) -> [UInt8] {
        var t: [UInt8] = be32(2) + be32(0) + be32(4) + be32(4) + be32(1_000_001) + be32(view.count) + view
        t += be32(t.count + 6) + [0x1E, 0x1A]
        return t
    }

    /// A LIF trailer as Leia's 3D photos hold one: a 4-byte field of type 0, the right view (a
    /// 64×48 JPEG, type 1000001), the left view's disparity map (a 16×12 gray JPEG, type
    /// 2000001) and the JSON field (type 7) naming them: view 0 is the primary with that
    /// disparity map, view 1 the right view without one.
    package static func leiaLIFWithDisparity() -> (trailer: [UInt8], view: [UInt8], disparity: [UInt8]) {
        let view = JPEGFixture.image([], body: JPEGFixture.color64x48Body)
        let disparity = JPEGFixture.soi + JPEGFixture.gray16x12Body
        let json = Array(#"{"disparitySource":"STEREO","views":[{"albedoId":-1,"disparityId":2000001,"xLocation":0.0},{"albedoId":1000001,"disparityId":0,"xLocation":1.0}]}"#.utf8)
        var t: [UInt8] = be32(4) + be32(0) + be32(4) + be32(4)
        t += be32(1_000_001) + be32(view.count) + view
        t += be32(2_000_001) + be32(disparity.count) + disparity
        t += be32(7) + be32(json.count) + json
        t += be32(t.count + 6) + [0x1E, 0x1A]
        return (t, view, disparity)
    }

    /// A Motion Photo: the primary's XMP holds a GContainer directory (Primary, then a
    /// MotionPhoto video/mp4 item of `video.count` bytes) and the video follows the primary.
    package static func motionPhoto(video: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [UInt8](repeating: 0x11, count: 52)) -> [UInt8] {
        let directory = """
            <Container:Directory><rdf:Seq>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="MotionPhoto" Item:Mime="video/mp4" Item:Length="\(video.count)"/></rdf:li>\
            </rdf:Seq></Container:Directory>
            """
        let packet = UltraHDRFixture.packet("", directory: directory)
        return primary([JPEGFixture.xmp(packet)]) + video
    }
}
