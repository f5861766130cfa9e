import CValueRows

/// Turns decoded rows into Float32 values as they arrive: the value mapping is looked up once
/// per image as a table of one Float per possible sample (256 entries for 8-bit maps), and each
/// band is converted with one table look-up per sample into a buffer allocated once, at
/// `start`, for the largest band. No allocation happens per row or per sample.
///
/// ```swift
/// var sink = FloatRowSink(mapping: { ValueMapping.of(aux, in: photo, bitDepth: $0.bitDepth) }, unit: .depth) { band in
///     // band.values: rowCount × width Float32 values, valid during this call only
/// }
/// try AuxDecoder(photo: photo, bytes: bytes).decode(aux, into: &sink)
/// ```
package struct FloatRowSink: AuxRowSink {
    /// A band of converted rows (`channels` values a pixel, interleaved); the buffer is valid
    /// only during the call that receives it.
    package struct Band {
        package let width: Int
        package let firstRow: Int
        package let rowCount: Int
        package let values: UnsafeBufferPointer<Float>
        package let channels: Int
    }

    let mapping: (StoredLayout) -> ValueMapping
    let unit: ValueUnit?
    let allowLinear: Bool
    let receive: (Band) throws(AuxDecodeError) -> Void
    package private(set) var layout: StoredLayout?
    /// The linear form `offset + scale · sample` the rows are converted with, when the mapping
    /// has one; nil when they go through `table`.
    package private(set) var linear: (offset: Float, scale: Float)?
    private var table: [Float] = []
    private var buffer: [Float] = []

    /// `unit`: the unit to convert into (depth ↔ disparity), or nil for the file's own.
    /// `allowLinear`: a linear mapping is computed, not looked up (see `start`).
    package init(mapping: @escaping (StoredLayout) -> ValueMapping, unit: ValueUnit? = nil, allowLinear: Bool = true,
                receive: @escaping (Band) throws(AuxDecodeError) -> Void) {
        self.mapping = mapping
        self.unit = unit
        self.allowLinear = allowLinear
        self.receive = receive
    }

    /// Builds the table. Most mappings are linear in the sample (apdi, SEI types 1 and 2,
    /// GDepth RangeLinear, normalised 0…1, all without a depth ↔ disparity inversion); those
    /// are converted as `offset + scale · Float(sample)`, which the compiler turns into vector
    /// instructions, 8 or 16 samples at a time, where a table look-up costs a load per sample.
    /// The table then holds the same Float expression, so both forms give the same bits; each
    /// differs from the Double mapping by at most a few ulp (`ValueMapping.linearForm`).
    package mutating func start(_ layout: StoredLayout) throws(AuxDecodeError) {
        self.layout = layout
        let m = mapping(layout)
        let to = unit ?? m.unit
        if allowLinear, to == m.unit || m.unit == .normalized || to == .normalized, let form = m.linearForm {
            let offset = Float(form.offset), scale = Float(form.scale)
            linear = (offset, scale)
            table = (0..<m.values.count).map { offset + scale * Float($0) }
        } else {
            linear = nil
            table = m.table(as: unit)
        }
        // A sample past the table (a sample wider than its declared bit depth) maps to NaN.
        if table.isEmpty { table = [.nan] }
    }

    package mutating func consume(_ rows: StoredRows) throws(AuxDecodeError) {
        let count = rows.count
        // The decoders hand out bands of a fixed height, so this grows once.
        if buffer.count < count { buffer = [Float](repeating: 0, count: count) }
        buffer.withUnsafeMutableBufferPointer { out in
            table.withUnsafeBufferPointer { t in
                switch rows.samples {
                case .u8(let p) where t.count >= 256 && linear != nil:
                    // Vectorised in C (AVX2 when the processor has it): widen, convert, multiply, add.
                    if let l = linear, let src = p.baseAddress, let dst = out.baseAddress {
                        cvr_linear_u8(src, dst, count, l.offset, l.scale)
                    }
                case .u8(let p) where t.count >= 256:
                    // Every UInt8 indexes the table: no bound check per sample.
                    for i in 0..<count { out[i] = t[Int(p[i])] }
                case .u8(let p):
                    let top = t.count - 1
                    for i in 0..<count { out[i] = Int(p[i]) <= top ? t[Int(p[i])] : .nan }
                case .u16(let p):
                    let top = t.count - 1
                    for i in 0..<count { out[i] = Int(p[i]) <= top ? t[Int(p[i])] : .nan }
                }
            }
        }
        let receive = receive
        try buffer.withUnsafeBufferPointer { b throws(AuxDecodeError) in
            try receive(Band(width: rows.width, firstRow: rows.firstRow, rowCount: rows.rowCount,
                             values: UnsafeBufferPointer(rebasing: b[0..<count]), channels: rows.channels))
        }
    }
}
