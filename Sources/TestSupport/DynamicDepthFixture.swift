import Container

/// A Dynamic Depth 1.0 photo laid out from the specification's text (§Device, §Container,
/// §Item, §Profile, §Camera, §Image, §DepthMap) in the shape Android's `external/dynamic_depth`
/// writes, not by depthcheck's writer: the `Device` description in the Extended XMP packet
/// that the StandardXMP's `xmpNote:HasExtendedXMP` names, the Container as a resource, each
/// `rdf:li` holding its typed element, the fields as attributes; the primary (64×48 colour)
/// item 0 with Length 0, then the depth and the confidence maps (16×12 gray JPEGs) appended
/// after the primary's EOI in Directory order.
package enum DynamicDepthFixture {
    /// The depth map's range, metres.
    package static let near = 0.5
    package static let far = 8.0
    /// The depth and confidence items as appended.
    package static let depthItem = JPEGFixture.soi + JPEGFixture.gray16x12Body
    package static let confidenceItem = JPEGFixture.soi + JPEGFixture.flat100Gray16x12Body

    static func ns(_ prefix: String) -> String {
        " xmlns:\(prefix)=\"http://ns.google.com/photos/dd/1.0/\(prefix.lowercased())/\""
    }

    /// The `Device` description: one DepthPhoto profile on camera 0, whose image is the primary
    /// and whose depth map is RangeInverse in metres; the Directory lists the depth item before
    /// the confidence item, or after it with `confidenceFirst` (the order is the writer's).
    package static var device: String { device(confidenceFirst: false) }

    package static func device(confidenceFirst: Bool) -> String {
        let depthLine = "<rdf:li><Container:Item Item:Mime=\"image/jpeg\" Item:Length=\"\(depthItem.count)\" Item:DataURI=\"android/depthmap\"/></rdf:li>"
        let confidenceLine = "<rdf:li><Container:Item Item:Mime=\"image/jpeg\" Item:Length=\"\(confidenceItem.count)\" Item:DataURI=\"android/confidencemap\"/></rdf:li>"
        let items = confidenceFirst ? confidenceLine + "\n " + depthLine : depthLine + "\n " + confidenceLine
        var s = "<rdf:Description rdf:about=\"\""
        for p in ["Device", "Container", "Item", "Profile", "Camera", "Image", "DepthMap"] { s += ns(p) }
        s += """
            >
            <Device:Container rdf:parseType="Resource"><Container:Directory><rdf:Seq>
             <rdf:li><Container:Item Item:Mime="image/jpeg" Item:Length="0" Item:DataURI="primary_image"/></rdf:li>
             \(items)
            </rdf:Seq></Container:Directory></Device:Container>
            <Device:Profiles><rdf:Seq><rdf:li><Device:Profile Profile:Type="DepthPhoto">
             <Profile:CameraIndices><rdf:Seq><rdf:li>0</rdf:li></rdf:Seq></Profile:CameraIndices>
            </Device:Profile></rdf:li></rdf:Seq></Device:Profiles>
            <Device:Cameras><rdf:Seq><rdf:li><Device:Camera Camera:Trait="Physical">
             <Camera:Image Image:ItemSemantic="Primary" Image:ItemURI="primary_image"/>
             <Camera:DepthMap DepthMap:ItemSemantic="Depth" DepthMap:Format="RangeInverse" DepthMap:Units="Meters"
               DepthMap:Near="0.500000" DepthMap:Far="8.000000" DepthMap:DepthURI="android/depthmap"
               DepthMap:MeasureType="OpticalAxis" DepthMap:ConfidenceURI="android/confidencemap"/>
            </Device:Camera></rdf:li></rdf:Seq></Device:Cameras>
            </rdf:Description>
            """
        return s
    }

    static func packet(_ description: String) -> String {
        "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\" x:xmptk=\"Adobe XMP\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
            + description + "</rdf:RDF></x:xmpmeta>"
    }

    /// The photo; `extended` puts the `Device` description in Extended XMP (as Android does),
    /// otherwise in the StandardXMP packet.
    package static func photo(extended: Bool = true, confidenceFirst: Bool = false) -> [UInt8] {
        let device = device(confidenceFirst: confidenceFirst)
        var segments: [[UInt8]] = []
        if extended {
            let ext = Array(packet(device).utf8)
            let note = "<rdf:Description rdf:about=\"\" xmlns:xmpNote=\"http://ns.adobe.com/xmp/note/\" xmpNote:HasExtendedXMP=\"\(MD5.hexDigest(ext))\"/>"
            segments = [JPEGFixture.xmp(packet(note))] + JPEGFixture.extendedXMP(ext, chunkSize: 65_458)
        } else {
            segments = [JPEGFixture.xmp(packet(device))]
        }
        let items = confidenceFirst ? confidenceItem + depthItem : depthItem + confidenceItem
        return JPEGFixture.image(segments, body: JPEGFixture.color64x48Body) + items
    }

    /// The depth RangeInverse gives stored sample `v` of an 8-bit map (Dynamic Depth 1.0
    /// §DepthMap: dn = v/255, d = far·near / (far − dn·(far − near))).
    package static func depth(ofSample v: Int) -> Double {
        let dn = Double(v) / 255
        return far * near / (far - dn * (far - near))
    }

    /// A Portrait original as Google Camera writes one with an Ultra HDR gain map: the primary's
    /// StandardXMP declares the gain map (hdrgm, a GContainer directory) and names the Extended
    /// XMP, whose `Device` Directory, in attribute form, lists the primary, the gain map (which
    /// the MP index locates too), the original image, the depth map and the confidence map, in
    /// file order after the primary's EOI; its camera's image is the `Original`.
    package static func photoWithGainMap() -> [UInt8] {
        let map = UltraHDRFixture.gainMap()
        let original = JPEGFixture.image([], body: JPEGFixture.color64x48Body)
        func item(_ length: Int, _ uri: String) -> String {
            "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Mime=\"image/jpeg\" Item:Length=\"\(length)\" Item:DataURI=\"\(uri)\"/></rdf:li>"
        }
        var d = "<rdf:Description rdf:about=\"\""
        for p in ["Device", "Container", "Item", "Profile", "Camera", "Image", "DepthMap"] { d += ns(p) }
        d += """
            ><Device:Container rdf:parseType="Resource"><Container:Directory><rdf:Seq>\
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Length="0" Item:DataURI="primary_image"/></rdf:li>\
            \(item(map.count, "android/gainmap"))\(item(original.count, "android/original_image"))\
            \(item(depthItem.count, "android/depthmap"))\(item(confidenceItem.count, "android/confidencemap"))\
            </rdf:Seq></Container:Directory></Device:Container>\
            <Device:Profiles><rdf:Seq><rdf:li rdf:parseType="Resource"><Device:Profile Profile:Type="DepthPhoto">\
            <Profile:CameraIndices><rdf:Seq><rdf:li>0</rdf:li></rdf:Seq></Profile:CameraIndices>\
            </Device:Profile></rdf:li></rdf:Seq></Device:Profiles>\
            <Device:Cameras><rdf:Seq><rdf:li rdf:parseType="Resource"><Device:Camera Camera:Trait="Physical">\
            <Camera:Image Image:ItemSemantic="Original" Image:ItemURI="android/original_image"/>\
            <Camera:DepthMap DepthMap:ItemSemantic="Depth" DepthMap:Format="RangeInverse" DepthMap:Units="Meters" \
            DepthMap:Near="0.500000" DepthMap:Far="8.000000" DepthMap:DepthURI="android/depthmap" \
            DepthMap:MeasureType="OpticalAxis" DepthMap:ConfidenceURI="android/confidencemap"/>\
            </Device:Camera></rdf:li></rdf:Seq></Device:Cameras></rdf:Description>
            """
        let ext = Array(packet(d).utf8)
        let standard = UltraHDRFixture.packet("hdrgm:Version=\"1.0\" xmlns:xmpNote=\"http://ns.adobe.com/xmp/note/\" xmpNote:HasExtendedXMP=\"\(MD5.hexDigest(ext))\"",
                                              directory: UltraHDRFixture.directory(gainMapLength: map.count))
        let before = [JPEGFixture.exif(orientation: 1), JPEGFixture.xmp(standard)] + JPEGFixture.extendedXMP(ext, chunkSize: 65_458)
        return JPEGFixture.multiPicture(primaryBefore: before, secondaries: [map], trailing: original + depthItem + confidenceItem)
    }
}
