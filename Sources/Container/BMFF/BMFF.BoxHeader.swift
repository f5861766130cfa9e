extension BMFF {
    /// The header every box starts with.
    /// ISO/IEC 14496-12 §4.2 Box.
    ///
    /// ```
    /// unsigned int(32) size;              // 0 = to the end of the enclosing container, 1 = largesize follows
    /// unsigned int(32) type;
    /// if (size == 1) unsigned int(64) largesize;
    /// if (type == 'uuid') unsigned int(8)[16] usertype;
    /// ```
    package struct BoxHeader: Sendable, Equatable {
        package let type: FourCC
        /// The 16-byte extended type of a `uuid` box.
        package let userType: [UInt8]?
        /// Absolute offset of the first header byte.
        package let offset: Int
        /// Bytes taken by the header (8, 16, 24 or 32).
        package let headerSize: Int
        /// Total size of the box including the header, after resolving size 0 and 1.
        package let size: Int
        /// How the size was written: 32-bit, 64-bit or 0 ("to end").
        package let sizeForm: SizeForm

        package enum SizeForm: Sendable, Equatable { case compact, large, toEnd }

        /// Absolute range of the whole box.
        package let range: Range<Int>
        /// Absolute range of the payload (after the header).
        package let payloadRange: Range<Int>

        /// Reads a header at the reader's cursor. The box must fit inside the reader's structure
        /// (its parent box or the file): a box larger than its parent is `boxExceedsParent`,
        /// because a child cannot legally extend beyond the box that contains it (§4.2).
        package init(parsing r: inout ByteReader) throws(ParseError) {
            let start = r.position
            let available = r.remaining
            let size32 = try r.readU32()
            let type = try r.readFourCC()
            var headerSize = 8
            var declared: Int
            var form = SizeForm.compact
            switch size32 {
            case 1:
                let large = try r.readU64()
                headerSize = 16
                form = .large
                guard let v = Int(exactly: large) else {
                    throw ParseError(.boxExceedsParent, at: start, path: r.path,
                                     "'\(type)' largesize \(large) exceeds the \(available) bytes available")
                }
                declared = v
            case 0:
                form = .toEnd
                declared = available
            default:
                declared = Int(size32)
            }
            var userType: [UInt8]? = nil
            if type == BoxType.uuid {
                userType = Array(try r.readBytes(16))
                headerSize += 16
            }
            if form == .toEnd { declared = max(declared, headerSize) }
            guard declared >= headerSize else {
                throw ParseError(.boxSizeSmallerThanHeader, at: start, path: r.path,
                                 "'\(type)' declares size \(declared), smaller than its \(headerSize)-byte header")
            }
            guard declared <= available else {
                throw ParseError(.boxExceedsParent, at: start, path: r.path,
                                 "'\(type)' declares \(declared) bytes but only \(available) remain in its parent")
            }
            guard let payloadStart = start +? headerSize, let boxEnd = start +? declared else {
                throw ParseError(.arithmeticOverflow, at: start, path: r.path, "box end overflows")
            }
            self.range = start..<boxEnd
            self.payloadRange = payloadStart..<boxEnd
            self.type = type
            self.userType = userType
            self.offset = start
            self.headerSize = headerSize
            self.size = declared
            self.sizeForm = form
        }
    }
}

extension BMFF.BoxHeader {
    /// The headers of the boxes inside the box that `range` spans, after `skip` bytes of its
    /// payload (4 for a FullBox's version and flags, §4.2). Throws when a child's header cannot
    /// be read or a child overruns the box: a writer that copies or rebuilds the box must know
    /// every byte of it.
    package static func children(in bytes: [UInt8], of range: Range<Int>, skip: Int, path: String) throws(ParseError)
        -> [BMFF.BoxHeader] {
        var r = try ByteReader(bytes, range: range, path: path)
        let outer = try BMFF.BoxHeader(parsing: &r)
        var c = try ByteReader(bytes, range: outer.payloadRange, path: path)
        try c.skip(skip)
        var out: [BMFF.BoxHeader] = []
        while !c.isAtEnd {
            let h = try BMFF.BoxHeader(parsing: &c)
            out.append(h)
            try c.seek(toAbsolute: h.range.upperBound)
        }
        return out
    }
}
