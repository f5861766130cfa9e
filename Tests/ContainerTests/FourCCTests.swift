import Testing
@testable import Container

/// `FourCC`: a code from its four characters and back, a named code folded to its value.
@Suite struct FourCCTests {
    @Test func codesComeFromTheirFourCharacters() {
        let literal: FourCC = "ispe"
        #expect(literal.rawValue == 0x6973_7065 && BMFF.BoxType.ispe == literal)
        #expect(FourCC(string: "hvcC").rawValue == 0x6876_6343)
        #expect(FourCC(string: "uri ") == BMFF.BoxType.uri)
        // Anything but exactly four bytes is the code 0.
        #expect(FourCC(string: "abc").rawValue == 0 && FourCC(string: "abcde").rawValue == 0 && FourCC(string: "").rawValue == 0)
        let short: FourCC = "abc"
        #expect(short.rawValue == 0)
    }

    /// Printable ASCII as it is; any other byte as `\xNN`.
    @Test func descriptionsShowEveryByte() {
        #expect(BMFF.BoxType.auxC.description == "auxC" && BMFF.BoxType.uri.description == "uri ")
        #expect(FourCC(rawValue: 0x0061_7A7F).description == "\\x0az\\x7F")
        #expect(FourCC(rawValue: 0xFF20_4142).description == "\\xFF AB")
        #expect(FourCC(rawValue: 0).description == "\\x0\\x0\\x0\\x0")
    }

    @Test func imageItemTypesAreComparedInPlace() {
        for t in BMFF.BoxType.imageItemTypeList { #expect(BMFF.BoxType.isImageItemType(t)) }
        #expect(BMFF.BoxType.imageItemTypes.count == BMFF.BoxType.imageItemTypeList.count)
        #expect(!BMFF.BoxType.isImageItemType(BMFF.BoxType.exif) && !BMFF.BoxType.isImageItemType(BMFF.BoxType.mime))
    }
}
