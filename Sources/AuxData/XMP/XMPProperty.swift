/// One XMP property as written in the packet: its namespace URI, the prefix the file used
/// for it, its local name and its value.
///
/// Adobe XMP Specification Part 1 §7.3: a property is an XML attribute or element whose
/// qualified name is the property name; only the namespace URI is significant, the prefix is
/// kept for messages and for the `prefix:name` keys of the JSON output.
public struct XMPProperty: Sendable, Equatable {
    public var namespace: String
    public var prefix: String
    public var name: String
    public var value: XMPValue
    /// Absolute file offset where the property is written: its element's `<`, or the first
    /// byte of its attribute's name. Nil when unknown (a property made in code, a packet
    /// libxml2 had to convert from another encoding).
    public var offset: Int?

    public init(namespace: String, prefix: String, name: String, value: XMPValue, offset: Int? = nil) {
        self.namespace = namespace
        self.prefix = prefix
        self.name = name
        self.value = value
        self.offset = offset
    }

    /// `prefix:name`, the form exiftool and Apple's tools print.
    public var qualifiedName: String { prefix.isEmpty ? name : prefix + ":" + name }
}
