import Container

/// Apple's pixel data info of an auxiliary image, namespace `apdi`
/// (`http://ns.apple.com/pixeldatainfo/1.0/`).
///
/// As iPhone cameras write it and exiftool XMP2.pl reads it; the pixel formats are CoreVideo OSTypes
/// (CVPixelBuffer.h), stored as the decimal value of the u32. Every field is optional: the
/// validator decides which ones a kind of map needs.
package struct AppleAuxDescription: Sendable, Equatable {
    /// `apdi:NativeFormat`: the in-memory format (hdis, fdis, hdep, fdep, L008).
    package var nativeFormat: PixelFormat?
    package var nativeFormatText: String?
    /// `apdi:StoredFormat`: the format stored in the file (L008 in every sample).
    package var storedFormat: PixelFormat?
    package var storedFormatText: String?
    package var intMinValue: Int?
    package var intMaxValue: Int?
    /// `apdi:FloatMinValue`/`FloatMaxValue`: the float range mapped onto IntMin..IntMax
    /// (Creating auxiliary depth data manually).
    package var floatMinValue: Double?
    package var floatMaxValue: Double?
    /// `disparity`, `depth` (also for the portrait matte), or a URN for newer kinds.
    package var auxiliaryImageType: String?
    /// `portraiteffectsmatte` for the JPEG portrait matte.
    package var auxiliaryImageSubType: String?
    /// Values that did not convert, as `prefix:name: reason`.
    package var problems: [String]

    package init(nativeFormat: PixelFormat? = nil, storedFormat: PixelFormat? = nil, intMinValue: Int? = nil,
                intMaxValue: Int? = nil, floatMinValue: Double? = nil, floatMaxValue: Double? = nil,
                auxiliaryImageType: String? = nil, auxiliaryImageSubType: String? = nil) {
        self.nativeFormat = nativeFormat
        self.nativeFormatText = nativeFormat.map { String($0.osType) }
        self.storedFormat = storedFormat
        self.storedFormatText = storedFormat.map { String($0.osType) }
        self.intMinValue = intMinValue
        self.intMaxValue = intMaxValue
        self.floatMinValue = floatMinValue
        self.floatMaxValue = floatMaxValue
        self.auxiliaryImageType = auxiliaryImageType
        self.auxiliaryImageSubType = auxiliaryImageSubType
        self.problems = []
    }

    /// The apdi properties of a packet, or nil when it has none.
    package init?(_ document: XMPDocument) {
        var r = XMPFieldReader(document, namespace: XMPNamespace.appleAux)
        if r.isEmpty { return nil }
        nativeFormatText = r.text(Name.nativeFormat.local)
        nativeFormat = r.uint32(Name.nativeFormat.local).map { PixelFormat(rawValue: FourCC(rawValue: $0)) }
        storedFormatText = r.text(Name.storedFormat.local)
        storedFormat = r.uint32(Name.storedFormat.local).map { PixelFormat(rawValue: FourCC(rawValue: $0)) }
        intMinValue = r.int(Name.intMinValue.local)
        intMaxValue = r.int(Name.intMaxValue.local)
        floatMinValue = r.double(Name.floatMinValue.local)
        floatMaxValue = r.double(Name.floatMaxValue.local)
        auxiliaryImageType = r.text(Name.auxiliaryImageType.local)
        auxiliaryImageSubType = r.text(Name.auxiliaryImageSubType.local)
        problems = r.problems
    }
}
