extension HEIF {
    /// `lsel`: the layer of a layered image item that is rendered (ISO/IEC 23008-12 §6.5.11, a
    /// descriptive item property and a plain box: `unsigned int(16) layer_id;`). For AV1 it is a
    /// spatial_id, 0 to 3, or 0xFFFF for the operating point's highest layer (AVIF §2.3.2.2).
    package struct LayerSelector: Sendable, Equatable {
        /// 0xFFFF: no one layer; the renderer may show each layer in turn (AVIF §2.3.2.2).
        package static let anyLayer: UInt16 = 0xFFFF

        package let layerID: UInt16

        package init(parsing r: inout ByteReader) throws(ParseError) {
            layerID = try r.readU16()
            try r.expectEnd("lsel")
        }

        package init(layerID: UInt16) { self.layerID = layerID }

        package func write(to w: inout ByteWriter) {
            BMFF.BoxWriter.box("lsel", to: &w) { w in w.u16(layerID) }
        }
    }
}
