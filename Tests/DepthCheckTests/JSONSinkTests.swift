import AuxData
import Testing
import TestSupport
@testable import Validator
@testable import DepthCheckCore

/// A batch's JSON Lines record is written straight to bytes (`JSONLineWriter`), every other
/// JSON form from a tree (`JSONTreeBuilder`); both come from the same calls and must agree
/// byte for byte.
@Suite struct JSONSinkTests {
    static let sample: JSONValue = .object([
        ("a", .int(-9_223_372_036_854_775_807 - 1)), ("b", .array([])), ("c", .object([])),
        ("d", .array([.null, .bool(true), .bool(false), .double(0.5), .double(2), .double(.nan), .string("q\"\\\n\u{1}é")])),
        ("", .object([("x", .array([.array([.int(0)]), .object([("y", .null)])]))])),
    ])

    /// The word-at-a-time escape scan finds exactly the bytes a byte-at-a-time one does: every
    /// byte value at every position of buffers shorter and longer than a word, over bytes that
    /// need no escape and over bytes just beside those that do.
    @Test func theEscapeScanFindsEveryByteThatNeedsOne() {
        func reference(_ b: UInt8) -> Bool { b < 0x20 || b == 0x22 || b == 0x5C || b == 0xF4 }
        var mismatches = 0
        for filler: UInt8 in [0x61, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0xF3, 0xF5, 0x7F, 0x80, 0xFF] {
            for length in 1...19 {
                for position in 0..<length {
                    for b in 0...255 {
                        var bytes = [UInt8](repeating: filler, count: length)
                        bytes[position] = UInt8(b)
                        let found = bytes.withUnsafeBufferPointer { JSONValue.anyNeedsEscape($0) }
                        if found != (reference(UInt8(b)) || reference(filler)) { mismatches += 1 }
                    }
                }
            }
        }
        #expect(mismatches == 0)
        #expect([UInt8]().withUnsafeBufferPointer { JSONValue.anyNeedsEscape($0) } == false)
        var out: [UInt8] = []
        JSONValue.quote("0123456789abcdef\"x", into: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""0123456789abcdef\"x""#)
    }

    @Test func theLineWriterWritesWhatTheTreeRenders() {
        var w = JSONLineWriter()
        w.value(Self.sample)
        #expect(String(decoding: w.bytes, as: UTF8.self) == Self.sample.rendered(pretty: false))
        #expect(String(decoding: w.bytes, as: UTF8.self)
            == #"{"a":-9223372036854775808,"b":[],"c":{},"d":[null,true,false,0.5,2,null,"q\"\\\n\u0001é"],"":{"x":[[0],{"y":null}]}}"#)
        #expect(w.line() == Array((Self.sample.rendered(pretty: false) + "\n").utf8))
        #expect(w.bytes.isEmpty)
    }

    @Test func theTreeBuilderBuildsTheSameTree() {
        #expect(JSONTreeBuilder.build { $0.value(Self.sample) } == Self.sample)
        #expect(JSONTreeBuilder.build { _ in } == .null)
    }

    /// Both sinks write the same record, whole and at every step of shortening; the line a
    /// batch writes is the whole record when it fits PIPE_BUF, else the first step that does.
    static func expectSameLine(_ r: FileReport, _ name: String) {
        for rules in [false, true] {
            var fitting: String?
            for step in [RecordShortening.none] + RecordShortening.steps {
                let tree = JSONTreeBuilder.build {
                    JSONReport.file(r, includeVerdict: true, rules: rules, metadataAsList: true, shortening: step, into: &$0)
                }.rendered(pretty: false) + "\n"
                var w = JSONLineWriter()
                JSONReport.file(r, includeVerdict: true, rules: rules, metadataAsList: true, shortening: step, into: &w)
                #expect(String(decoding: w.line(), as: UTF8.self) == tree, "\(name) rules: \(rules) \(step.names)")
                if fitting == nil, rules || tree.utf8.count <= RecordShortening.limit { fitting = tree }
                if rules { break }
            }
            #expect(String(decoding: BatchWriter.jsonLineBytes(r, rules: rules), as: UTF8.self) == fitting, "\(name) rules: \(rules)")
        }
    }

    /// Every corpus file, checked with its pixels decoded (statistics, decode errors), gives
    /// the same record both ways.
    @Test(arguments: BadCorpus.all.map(\.name) + GoodCorpus.all.map(\.name))
    func everyCorpusFilesRecordIsTheSameBothWays(_ name: String) {
        let data = (BadCorpus.all.first { $0.name == name }?.make()) ?? (GoodCorpus.all.first { $0.name == name }?.make() ?? [])
        #expect(!data.isEmpty)
        Self.expectSameLine(Validation.check(bytes: data, path: name, options: CheckOptions(pixels: true)), name)
    }

    @Test(.requires(.realFile("apple-heic-depth-gainmap-ios16.heic"), .realFile("apple-jpeg-disparity-iphonex.jpg")))
    func realApplePhotosRecordsAreTheSameBothWays() throws {
        for name in ["apple-heic-depth-gainmap-ios16.heic", "apple-jpeg-disparity-iphonex.jpg"] {
            let r = Validation.check(bytes: try TestData.realBytes(name), path: name, options: CheckOptions(pixels: true))
            #expect(r.photo?.auxImages.isEmpty == false)
            Self.expectSameLine(r, name)
        }
    }
}

extension JSONSink {
    /// Writes a value already made as a tree, so a sink can be compared with the tree's own
    /// rendering.
    mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .int(let i): int(i)
        case .double(let d): double(d)
        case .string(let s): string(s)
        case .array(let items):
            beginArray()
            for item in items { value(item) }
            endArray()
        case .object(let fields):
            beginObject()
            for (k, item) in fields { key(k); value(item) }
            endObject()
        }
    }
}
