import Testing
import Container
import TestSupport
@testable import AuxData

/// MSB-first bit writer for building SEI payloads in tests.
extension BitWriter {
    /// One depth_representation_info element (H.265 §F.14.3.3): sign, 7-bit exponent, the
    /// mantissa's length less one, the mantissa.
    mutating func element(sign: Bool, exponent: UInt8, mantissa: UInt32, length: Int) {
        flag(sign)
        bits(exponent, 7)
        bits(length - 1, 5)
        bits(mantissa, length)
    }
}

/// Wraps SEI messages (type, payload) into the auxC subtype layout.
func seiTestSubtypeBytes(_ messages: [(Int, [UInt8])], nalType: UInt8 = 39, trailing: Bool = false) -> [UInt8] {
    var rbsp: [UInt8] = []
    for (type, payload) in messages {
        var t = type
        while t >= 255 { rbsp.append(0xFF); t -= 255 }
        rbsp.append(UInt8(t))
        var s = payload.count
        while s >= 255 { rbsp.append(0xFF); s -= 255 }
        rbsp.append(UInt8(s))
        rbsp += payload
    }
    if trailing { rbsp.append(0x80) }
    // Emulation prevention (H.265 §7.4.2).
    var ebsp: [UInt8] = []
    var zeros = 0
    for b in rbsp {
        if zeros >= 2 && b <= 3 { ebsp.append(3); zeros = 0 }
        ebsp.append(b)
        zeros = b == 0 ? zeros + 1 : 0
    }
    let nal = [nalType << 1, 0x01] + ebsp
    func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    return be32(nal.count + 4) + be32(nal.count) + nal
}

@Suite struct SEIDepthRepresentationTests {
    static let apple: [UInt8] = [0x00, 0x00, 0x00, 0x11, 0x00, 0x00, 0x00, 0x0d, 0x4e, 0x01, 0xb1, 0x09,
                                 0x35, 0x1f, 0x7b, 0xfc, 0x01, 0x0b, 0xc6, 0x20, 0x20]

    @Test func decodesApplesDisparitySEI() throws {
        let info = try DepthRepresentationSEI.decode(auxCSubtype: Self.apple[...], at: 5000, path: "meta/iprp/ipco[5]:auxC")
        #expect(!info.hasZNear && !info.hasZFar && info.hasDMin && info.hasDMax)
        #expect(info.representationTypeRaw == 1)
        #expect(info.representationType == .uniformDisparity)
        #expect(info.disparityReferenceView == 0)
        #expect(info.dMin == 1.498046875)
        #expect(info.dMax == 4.3828125)
        #expect(info.dMinElement == DepthRepresentationElement(sign: false, exponent: 31, mantissaLength: 16, mantissa: 0x7F80))
        #expect(info.nonlinearModel.isEmpty)
        #expect(info.unspecifiedElements.isEmpty)
    }

    @Test func encodingApplesValuesGivesApplesBytes() throws {
        let info = try DepthRepresentationSEI.decode(auxCSubtype: Self.apple[...], at: 0, path: "")
        #expect(DepthRepresentationSEI.encode(info) == Self.apple)
    }

    @Test func encodeDecodeRoundTrips() throws {
        let infos = [
            DepthRepresentationInfo(
                zNear: DepthRepresentationElement(sign: false, exponent: 0, mantissaLength: 32, mantissa: 1),
                zFar: DepthRepresentationElement(sign: true, exponent: 126, mantissaLength: 7, mantissa: 100),
                dMin: DepthRepresentationElement(sign: false, exponent: 127, mantissaLength: 1, mantissa: 0),
                dMax: DepthRepresentationElement(sign: false, exponent: 40, mantissaLength: 20, mantissa: 0),
                representationTypeRaw: 3, disparityReferenceView: 1_000_000, nonlinearModel: [0, 5, 4_000_000_000]),
            DepthRepresentationInfo(representationTypeRaw: 0),
            DepthRepresentationInfo(representationTypeRaw: 4_294_967_294),
        ]
        for info in infos {
            let bytes = DepthRepresentationSEI.encode(info)
            #expect(try DepthRepresentationSEI.decode(auxCSubtype: bytes[...], at: 0, path: "") == info)
        }
    }

    @Test func decodesAllFourFlagsExponentZeroAndNegativeSign() throws {
        var w = BitWriter()
        w.bits(0b1111, 4)
        w.ue(2)
        w.ue(5)
        w.element(sign: false, exponent: 32, mantissa: 1, length: 1)       // 2 · 1.5 = 3
        w.element(sign: true, exponent: 33, mantissa: 0, length: 3)        // −4
        w.element(sign: false, exponent: 0, mantissa: 3, length: 2)        // 2^−32 · 3
        w.element(sign: false, exponent: 127, mantissa: 0xFFFF_FFFF, length: 32)  // unspecified
        let bytes = seiTestSubtypeBytes([(177, w.bytes)])
        let info = try DepthRepresentationSEI.decode(auxCSubtype: bytes[...], at: 0, path: "")
        #expect(info.representationType == .uniformZ)
        #expect(info.disparityReferenceView == 5)
        #expect(info.zNear == 3)
        #expect(info.zFar == -4)
        #expect(info.dMin == 3.0 / 4_294_967_296.0)
        #expect(info.hasDMax)
        #expect(info.dMax == nil)
        #expect(info.unspecifiedElements == ["d_max"])
    }

    @Test func zNearOnlyHasNoReferenceView() throws {
        var w = BitWriter()
        w.bits(0b1000, 4)
        w.ue(0)
        w.element(sign: false, exponent: 31, mantissa: 0, length: 1)
        let info = try DepthRepresentationSEI.decode(auxCSubtype: seiTestSubtypeBytes([(177, w.bytes)])[...], at: 0, path: "")
        #expect(info.representationType == .uniformInverseZ)
        #expect(info.disparityReferenceView == nil)
        #expect(info.zNear == 1)
    }

    @Test func decodesTheNonlinearModel() throws {
        var w = BitWriter()
        w.bits(0b0001, 4)
        w.ue(3)
        w.ue(0)
        w.element(sign: false, exponent: 30, mantissa: 0, length: 1)
        w.ue(2)
        w.ue(10); w.ue(0); w.ue(300)
        let info = try DepthRepresentationSEI.decode(auxCSubtype: seiTestSubtypeBytes([(177, w.bytes)])[...], at: 0, path: "")
        #expect(info.representationType == .nonuniformDisparity)
        #expect(info.dMax == 0.5)
        #expect(info.nonlinearModel == [10, 0, 300])
    }

    @Test func tooManyNonlinearModelValuesAreRefused() throws {
        var w = BitWriter()
        w.bits(0, 4)
        w.ue(3)
        w.ue(63)
        let bytes = seiTestSubtypeBytes([(177, w.bytes)])
        // The count starts at bit 9 of the payload (4 flags, ue(3) = 00100): payload byte 1,
        // and the payload starts at byte 12.
        #expect(throws: ParseError(.seiValueOutOfRange, at: 100 + 13, path: "")) {
            try DepthRepresentationSEI.decode(auxCSubtype: bytes[...], at: 100, path: "")
        }
    }

    @Test func readsMultiByteSizesAndASecondMessage() throws {
        var w = BitWriter()
        w.bits(0b0011, 4)
        w.ue(1)
        w.ue(0)
        w.element(sign: false, exponent: 31, mantissa: 0, length: 1)
        w.element(sign: false, exponent: 32, mantissa: 0, length: 1)
        let filler = [UInt8](repeating: 0x55, count: 300)   // payloadSize 300 = FF 2D
        let bytes = seiTestSubtypeBytes([(5, filler), (300, [1, 2]), (177, w.bytes)], trailing: true)
        let info = try DepthRepresentationSEI.decode(auxCSubtype: bytes[...], at: 0, path: "")
        #expect(info.dMin == 1)
        #expect(info.dMax == 2)
    }

    @Test func depthInASecondNALUnit() throws {
        var w = BitWriter()
        w.bits(0b0010, 4)
        w.ue(1)
        w.ue(0)
        w.element(sign: false, exponent: 31, mantissa: 0, length: 1)
        let first = seiTestSubtypeBytes([(4, [9, 9])], nalType: 40)
        let second = seiTestSubtypeBytes([(177, w.bytes)])
        // Merge: one total, two NAL units.
        let body = Array(first[4...]) + Array(second[4...])
        let n = body.count
        let bytes = [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + body
        let info = try DepthRepresentationSEI.decode(auxCSubtype: bytes[...], at: 0, path: "")
        #expect(info.dMin == 1)
    }

    @Test func emulationPreventionBytesAreRemoved() throws {
        var w = BitWriter()
        w.bits(0b0001, 4)
        w.ue(1)
        w.ue(0)
        // sign 0, exponent 0, len 32, mantissa 0x00000001: payload bytes contain 00 00 00.
        w.element(sign: false, exponent: 0, mantissa: 1, length: 32)
        let bytes = seiTestSubtypeBytes([(177, w.bytes)])
        #expect(bytes.count > 12 + w.bytes.count)   // an 0x03 was inserted
        let info = try DepthRepresentationSEI.decode(auxCSubtype: bytes[...], at: 0, path: "")
        #expect(info.dMax == Double(sign: .plus, exponent: -62, significand: 1))
    }

    @Test func truncatedPayloadIsAnError() throws {
        var bytes = Self.apple
        bytes[3] = 0x10   // total 16
        bytes[7] = 0x0c   // NAL 12: payload size 9 but 8 bytes left
        bytes.removeLast()
        // The payload starts at byte 12.
        #expect(throws: ParseError(.seiMalformed, at: 12, path: "")) {
            try DepthRepresentationSEI.decode(auxCSubtype: bytes[...], at: 0, path: "")
        }
    }

    @Test func truncatedBitsInsideThePayloadAreAnError() throws {
        // payloadSize 3: the d_min mantissa starts at bit 21 (payload byte 2, file byte 14)
        // and runs off the payload's end.
        let bytes = seiTestSubtypeBytes([(177, [0x35, 0x1f, 0x7b])])
        #expect(throws: ParseError(.seiMalformed, at: 10 + 14, path: "")) {
            try DepthRepresentationSEI.decode(auxCSubtype: bytes[...], at: 10, path: "")
        }
    }

    @Test func longExpGolombIsRefused() throws {
        var w = BitWriter()
        w.bits(0, 4)
        w.bits(0, 36)
        w.flag(true)
        let bytes = seiTestSubtypeBytes([(177, w.bytes)])
        #expect(throws: ParseError(.seiExpGolombTooLong, at: 12, path: "")) {
            try DepthRepresentationSEI.decode(auxCSubtype: bytes[...], at: 0, path: "")
        }
    }

    @Test func noDepthMessageAndBadLengths() throws {
        let other = seiTestSubtypeBytes([(4, [1])])
        #expect(throws: ParseError(.seiNoDepthRepresentation, at: 7, path: "")) {
            try DepthRepresentationSEI.decode(auxCSubtype: other[...], at: 7, path: "")
        }
        var long = Self.apple
        long[3] = 0x12
        #expect(throws: ParseError(.seiMalformed, at: 0, path: "")) {
            try DepthRepresentationSEI.decode(auxCSubtype: long[...], at: 0, path: "")
        }
        #expect(throws: ParseError(.seiMalformed, at: 21, path: "")) {
            try DepthRepresentationSEI.decode(auxCSubtype: (Self.apple + [0])[...], at: 0, path: "")
        }
        let shortNAL: [UInt8] = [0, 0, 0, 5, 0, 0, 0, 1, 0x4e]
        #expect(throws: ParseError(.seiNALTooShort, at: 4, path: "")) {
            try DepthRepresentationSEI.decode(auxCSubtype: shortNAL[...], at: 0, path: "")
        }
    }

    @Test func errorsCarryTheSEIPath() throws {
        do {
            _ = try DepthRepresentationSEI.decode(auxCSubtype: Self.apple.prefix(10), at: 0, path: "meta/iprp/ipco[5]:auxC")
            Issue.record("expected an error")
        } catch {
            #expect(error.path == "meta/iprp/ipco[5]:auxC/SEI")
        }
    }

    @Test func everyPrefixGivesAnErrorOrAResult() throws {
        var w = BitWriter()
        w.bits(0b1111, 4)
        w.ue(3)
        w.ue(1)
        for _ in 0..<4 { w.element(sign: true, exponent: 40, mantissa: 0x1234, length: 16) }
        w.ue(1); w.ue(7); w.ue(8)
        for bytes in [Self.apple, seiTestSubtypeBytes([(1, [0, 0, 0, 0]), (177, w.bytes)], trailing: true)] {
            for n in 0..<bytes.count {
                #expect(throws: ParseError.self) {
                    try DepthRepresentationSEI.decode(auxCSubtype: bytes.prefix(n), at: 1000, path: "")
                }
            }
            _ = try DepthRepresentationSEI.decode(auxCSubtype: bytes[...], at: 1000, path: "")
        }
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic")))
    func realHEICDepthSEIMatchesXMP() throws {
        let file = try TestData.realBytes("apple-heic-depth-gainmap-ios16.heic")
        let urn = Array("auxCtype".utf8.prefix(4)) + [0, 0, 0, 0] + Array("urn:mpeg:hevc:2015:auxid:2\u{0}".utf8)
        let at = try #require(XMPTestFile.indexOf(urn, in: file))
        let size = file[(at - 4)..<at].reduce(0) { $0 << 8 | Int($1) }
        let subtypeStart = at + urn.count
        let boxEnd = at - 4 + size
        let info = try DepthRepresentationSEI.decode(auxCSubtype: file[subtypeStart..<boxEnd], at: subtypeStart, path: "auxC")
        #expect(info.dMin == 1.498046875)
        #expect(info.dMax == 4.3828125)
        #expect(AuxClassifier.classify(auxType: "urn:mpeg:hevc:2015:auxid:2", sei: info).kind == .disparity)
    }
}
