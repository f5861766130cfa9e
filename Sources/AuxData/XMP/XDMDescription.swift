import Container

/// XDM 1.0 (eXtensible Device Metadata, Intel and Google, 2015; Dynamic Depth's predecessor),
/// as Intel RealSense cameras and early depth phones wrote it into a JPEG's XMP: a `Device`
/// whose `Device:Cameras` is an `rdf:Seq` of cameras, each camera's `Camera:DepthMap` holding a
/// depth map in GDepth's form (`Format` RangeLinear or RangeInverse, `Near`, `Far`, `Mime`,
/// the image as base64 `Data`) and XDM's `Metric` (True: the values are in metres). The maps
/// are large, so they usually live in the Extended XMP packet. Values are as written; which
/// are missing is for the rules.
package struct XDMDescription: Sendable, Equatable {
    /// One camera's depth map.
    package struct DepthMap: Sendable, Equatable {
        /// The camera's position in `Device:Cameras`, from 0.
        package var camera: Int
        package var format: GDepthFormat?
        package var near: Double?
        package var far: Double?
        /// XDM's `DepthMap:Metric`: whether the values are metres.
        package var metric: Bool?
        package var mime: String?
        /// The decoded image; nil when absent or not valid base64.
        package var data: [UInt8]?
        /// Where the packet holding it is, for findings.
        package var location: SourceLocation
    }

    /// `Device:Revision`, "1.0".
    package var revision: String?
    /// The depth maps, in camera order.
    package var depthMaps: [DepthMap]
    package var problems: [String]

    /// The XDM device of a main packet and, optionally, its extended packet; nil when neither
    /// has `Device:Cameras`.
    package init?(_ document: XMPDocument, extended: XMPDocument? = nil, limits: ParseLimits = .default) {
        let device = XMPNamespace.xdm("device")
        let sources = [document] + (extended.map { [$0] } ?? [])
        guard let (doc, cameras) = sources.lazy.compactMap({ d in
            d.properties(in: device).first { $0.name == "Cameras" }.map { (d, $0) }
        }).first else { return nil }
        var problems: [String] = []
        revision = sources.lazy.compactMap { d in
            d.properties(in: device).first { $0.name == "Revision" }.flatMap { p in
                // Written as a simple value, or (Intel's cameras) as a structure holding Revision.
                p.value.text ?? p.value.field(device, "Revision")?.value.text
            }
        }.first
        let at = SourceLocation(offset: cameras.offset ?? doc.offset, path: doc.path + "/Device:Cameras")
        let entries = DynamicDepthDescription.entries(cameras.value, wrapper: (XMPNamespace.xdm("camera"), "Camera"),
                                                      "Device:Cameras", &problems)
        var maps: [DepthMap] = []
        for (i, fields) in entries.enumerated() {
            guard let dm = fields.first(where: { $0.namespace == XMPNamespace.xdm("camera") && $0.name == "DepthMap" }) else { continue }
            guard let inner = dm.value.fields else {
                problems.append("Device:Cameras[\(i + 1)]/Camera:DepthMap: expected a structure")
                continue
            }
            var r = XMPFieldReader(namespace: XMPNamespace.xdm("depthmap"), fields: inner)
            var m = DepthMap(camera: i, location: SourceLocation(offset: dm.offset ?? at.offset, path: at.path + "[\(i + 1)]/Camera:DepthMap"))
            m.format = r.text("Format").map(GDepthFormat.init)
            m.near = r.double("Near")
            m.far = r.double("Far")
            m.metric = r.bool("Metric")
            m.mime = r.text("Mime")
            problems += r.problems
            m.data = GDepthDescription.decode(r.text("Data"), "Camera[\(i + 1)]/DepthMap:Data", doc, limits, &problems)
            maps.append(m)
        }
        depthMaps = maps
        self.problems = problems
    }
}
