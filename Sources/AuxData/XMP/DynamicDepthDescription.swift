/// Google Dynamic Depth 1.0 (Android `DEPTH_JPEG`): the Device element's container
/// directory, profiles and cameras, namespaces `http://ns.google.com/photos/dd/1.0/<x>/`.
///
/// Dynamic Depth 1.0 specification §Elements (Device, Container, Item, Profile, Camera,
/// DepthMap); names as in the reference `dynamic_depth` sources. Each array item is an
/// `rdf:li` struct that wraps one element (`Container:Item`, `Device:Profile`,
/// `Device:Camera`); writers that put the fields directly into the `rdf:li` are read too.
package struct DynamicDepthDescription: Sendable, Equatable {
    /// `Container:Directory`, in order: item payloads follow the primary image in this order.
    package var items: [Item]
    /// `Device:Profiles`.
    package var profiles: [Profile]
    /// `Device:Cameras`.
    package var cameras: [Camera]
    package var problems: [String]

    static let device = XMPNamespace.dynamicDepth("device")
    static let container = XMPNamespace.dynamicDepth("container")
    static let item = XMPNamespace.dynamicDepth("item")
    static let profile = XMPNamespace.dynamicDepth("profile")
    static let camera = XMPNamespace.dynamicDepth("camera")
    static let depthMap = XMPNamespace.dynamicDepth("depthmap")
    static let image = XMPNamespace.dynamicDepth("image")

    /// The Dynamic Depth description of a packet, nil when it has no `Device` properties.
    package init?(_ document: XMPDocument) {
        let deviceFields = document.properties(in: Self.device)
        if deviceFields.isEmpty { return nil }
        var problems: [String] = []
        let device = XMPFieldReader(namespace: Self.device, fields: deviceFields)

        var items: [Item] = []
        if let containerValue = device.property(Name.deviceContainer.local)?.value {
            let dir = containerValue.field(Self.container, Name.containerDirectory.local)?.value
            for fields in Self.entries(dir, wrapper: (Self.container, Name.containerItem.local), "Container:Directory", &problems) {
                items.append(Item(fields: fields, problems: &problems))
            }
        }
        var profiles: [Profile] = []
        for fields in Self.entries(device.property(Name.deviceProfiles.local)?.value, wrapper: (Self.device, Name.deviceProfile.local),
                                   "Device:Profiles", &problems) {
            profiles.append(Profile(fields: fields, problems: &problems))
        }
        var cameras: [Camera] = []
        for fields in Self.entries(device.property(Name.deviceCameras.local)?.value, wrapper: (Self.device, Name.deviceCamera.local),
                                   "Device:Cameras", &problems) {
            cameras.append(Camera(fields: fields, problems: &problems))
        }
        self.items = items
        self.profiles = profiles
        self.cameras = cameras
        self.problems = problems
    }

    /// The field lists of an array's items, unwrapping `wrapper` when an item holds it.
    static func entries(_ value: XMPValue?, wrapper: (String, String), _ what: String,
                        _ problems: inout [String]) -> [[XMPProperty]] {
        guard let value else { return [] }
        guard let items = value.items else {
            problems.append("\(what): expected an rdf:Seq")
            return []
        }
        var out: [[XMPProperty]] = []
        for (i, item) in items.enumerated() {
            guard let fields = item.fields else {
                problems.append("\(what)[\(i + 1)]: expected a structure")
                continue
            }
            if let inner = item.field(wrapper.0, wrapper.1)?.value.fields {
                out.append(inner)
            } else {
                out.append(fields)
            }
        }
        return out
    }
}
