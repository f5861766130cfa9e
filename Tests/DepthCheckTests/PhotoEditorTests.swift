import AuxData
import DepthCheck
import Testing
import TestSupport
import Validator

/// The embed and strip policy as the library holds it: each refusal with its rule and words,
/// before anything is made; what is written passes its own check.
@Suite struct PhotoEditorTests {
    static let good = TestData.corpus + "/good/jpeg-disparity.jpg"
    static let withMatte = TestData.corpus + "/good/writer-jpeg-depth-fdep-o3-matte.jpg"

    static func editor(_ path: String = good) throws -> PhotoEditor {
        try PhotoEditor(input: PhotoFile.read(path), name: "photo.jpg", output: "out.jpg")
    }

    static func gradient(_ w: Int, _ h: Int, gray: Bool = false) -> EmbedMap {
        EmbedMap(name: "map.pgm", width: w, height: h, values: (0..<(w * h)).map { Float($0 % w) / Float(w) * (gray ? 1 : 2) + (gray ? 0 : 0.5) },
                 isNormalisedGray: gray)
    }

    @Test func pixelFormatsAreCheckedAgainstTheKind() throws {
        let e = try Self.editor()
        let map = EmbedSource.map(Self.gradient(16, 12))
        #expect(throws: DepthCheckError.refused(rule: .dictionaryPixelFormatNotAllowed, message: "abcd is not hdis, fdis, hdep or fdep")) {
            try e.embedding(EmbedRequest(distance: (map, .disparity), pixelFormat: PixelFormat("abcd"), replacing: true))
        }
        #expect(PixelFormat("hdisx") == nil && PixelFormat("hdis") == .hdis && PixelFormat.hdis.description == "hdis")
        #expect(throws: DepthCheckError.refused(rule: .dictionaryPixelFormatKindMismatch, message: "fdep is a depth format; this map is disparity")) {
            try e.embedding(EmbedRequest(distance: (map, .disparity), pixelFormat: .fdep, replacing: true))
        }
    }

    @Test func aGrayMapNeedsItsDistancesAndThenIsStored() throws {
        let e = try Self.editor()
        let gray = EmbedSource.map(Self.gradient(16, 12, gray: true))
        #expect(throws: DepthCheckError.invalidRequest(message: "map.pgm is a gray map: give zNear and zFar (0 < zNear < zFar, metres)")) {
            try e.embedding(EmbedRequest(distance: (gray, .depth), replacing: true))
        }
        let (bytes, added) = try e.embedding(EmbedRequest(distance: (gray, .depth), zNear: 0.5, zFar: 4, replacing: true))
        #expect(added == ["depth 16x12"])
        let photo = try DepthPhoto(bytes: bytes)
        #expect(photo.auxImages.map(\.description) == ["depth 16×12 (index 2)"])
        let map = try #require(try photo.depthMap(as: .depth))
        // Gray 0 is zNear; the first column holds gray 0 in every row.
        #expect(abs(map.values[0] - 0.5) < 0.02 && abs(map.values[16] - 0.5) < 0.02)
    }

    @Test func sizesThatOverflowAreRefusedNotTrapped() throws {
        let e = try Self.editor()
        let huge = EmbedMap(name: "huge", width: Int.max / 2, height: 4, values: [1, 2])
        #expect(throws: DepthCheckError.invalidRequest(message: "huge: 2 values for a \(Int.max / 2)×4 map")) {
            try e.embedding(EmbedRequest(distance: (.map(huge), .depth), replacing: true))
        }
    }

    @Test func theCallersWordsAreUsed() throws {
        let e = try Self.editor()
        let hints = EmbedRequest.Hints(replace: "use --replace", grayDistances: "give --znear and --zfar", matteNeedsDepth: "give --depth")
        #expect(throws: DepthCheckError.invalidRequest(message: "photo.jpg already has disparity; use --replace")) {
            try e.embedding(EmbedRequest(distance: (.map(Self.gradient(16, 12)), .disparity), hints: hints))
        }
    }

    @Test func aMatteNeedsDepthWhenEmbeddedAndWhenLeft() throws {
        let plain = try Self.editor().removing(AuxSelection.all).bytes
        let e = try PhotoEditor(input: plain, name: "plain.jpg", output: "out.jpg")
        #expect(e.auxImages.isEmpty)
        let matte = EmbedMap(name: "matte.pgm", width: 16, height: 12, values: Array(repeating: 0.5, count: 192))
        #expect(throws: DepthCheckError.refused(rule: .matteRequiresDepth,
                                                message: "a portrait effects matte needs a depth or disparity image on the same photo; embed a depth or disparity map too")) {
            try e.embedding(EmbedRequest(portraitMatte: .map(matte)))
        }
        let both = try Self.editor(Self.withMatte)
        #expect(both.auxImages.map(\.kind) == [.depth, .portraitEffectsMatte])
        #expect(throws: DepthCheckError.refused(rule: .matteRequiresDepth,
                                                message: "removing it leaves a matte without depth or disparity; strip the mattes too")) {
            try both.removing(AuxSelection(kind: AuxSelection.Kind("depth")))
        }
        let (bytes, removed) = try both.removing(AuxSelection(kind: AuxSelection.Kind("matte")))
        #expect(removed == ["portraitEffectsMatte [3]"])
        #expect(try DepthPhoto(bytes: bytes).auxImages.map(\.kind) == [.depth])
    }

    @Test func nothingChosenSaysWhatThePhotoHas() throws {
        let e = try Self.editor()
        #expect(throws: DepthCheckError.noSuchAuxImage(message: "photo.jpg has no matte aux image; it has 2 (disparity); nothing written")) {
            try e.removing(AuxSelection(kind: AuxSelection.Kind("matte")))
        }
        #expect(throws: DepthCheckError.noSuchAuxImage(message: "photo.jpg has no aux image 5; it has 2 (disparity); nothing written")) {
            try e.removing(AuxSelection(index: 5))
        }
    }

    @Test func kindNamesAreThoseOfTheCommandLine() {
        #expect(AuxSelection.Kind.names == ["depth", "disparity", "confidence", "matte", "gainmap", "alpha", "view", "original", "unknown",
                                             "skin", "hair", "teeth", "glasses", "sky"])
        #expect(AuxSelection.Kind("bogus") == nil)
    }

    @Test(arguments: [
        ("hair", AuxImageKind.semanticMatte, false), ("view", .view, true), ("view", .depth, false),
        ("depth", .disparity, true), ("disparity", .depth, false), ("matte", .semanticMatte, true),
        ("gainmap", .hdrGainMap, true), ("portraitEffectsMatte", .portraitEffectsMatte, true),
    ])
    func aKindNameMatchesTheKindsItSays(_ name: String, _ kind: AuxImageKind, _ matches: Bool) {
        #expect(AuxSelection.Kind(name)?.matches(kind) == matches)
    }

    @Test func aNewPrimaryIsEncodedOnlyWhenTheOutputAsksForIt() throws {
        let jpeg = try PhotoFile.read(Self.good)
        #expect(PhotoEditor.container(named: "a/b.HEIC") == .heif && PhotoEditor.container(named: "x.jpeg") == .jpeg)
        #expect(PhotoEditor.container(named: "x.png") == nil)
        #expect(try PhotoEditor(input: jpeg, name: "in.jpg", output: "out.jpg").encodedFrom == nil)
        #expect(throws: DepthCheckError.invalidRequest(message: "in.jpg has aux images (disparity), which a new HEIC would not keep; strip them first or write a JPEG")) {
            try PhotoEditor(input: jpeg, name: "in.jpg", output: "out.heic")
        }
        #expect(throws: DepthCheckError.unreadable(message: "in.txt: not a JPEG, HEIC, PNG or binary PPM (P6) file", offset: nil, path: "")) {
            try PhotoEditor(input: Array("hello".utf8), name: "in.txt", output: "out.jpg")
        }
    }
}
