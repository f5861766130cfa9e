import Testing
@testable import Container

/// A writer's refusal is a `WriteError`: its reason, where in the input, and the words a
/// person reads, as a parse error words them; a parse failure met while writing keeps the
/// parser's code, offset, path and detail.
@Suite struct WriteErrorTests {
    @Test func aRefusalIsWordedWithItsPlace() {
        let e = WriteError(.cannotRemove, at: 1234, path: "meta/iloc/item[5]", "its data lies outside mdat")
        #expect(e.description == "its data lies outside mdat (meta/iloc/item[5] at offset 1234)")
        #expect(WriteError(.fieldOverflow, at: 7, path: "").description
                == "a value is too large for the field that must hold it (offset 7)")
        #expect(WriteError(.cannotAdd, at: 0, path: "APP1/XMP").message == "cannot add")
    }

    @Test func aParseFailureWhileWritingKeepsTheParsersWords() throws {
        let parse = ParseError(.truncated, at: 99, path: "moov/trak", "the box ends early")
        let e = WriteError(parse)
        #expect(e.reason == .input(.truncated))
        #expect(e.offset == 99 && e.path == "moov/trak" && e.detail == "the box ends early")
        #expect(e.description == parse.description)
        #expect(WriteError(ParseError(.truncated, at: 3, path: "")).description == ParseError(.truncated, at: 3, path: "").description)
        var r = ByteReader([1, 2])
        let thrown = #expect(throws: WriteError.self) { try WriteError.reading(try r.readU32()) }
        #expect(thrown?.reason == .input(.truncated))
    }
}
