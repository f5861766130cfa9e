import Foundation
import Testing
import TestSupport

/// A first argument that is neither a command, an option nor a path is a mistyped (or not
/// yet existing) command: exit 2 with the list of commands, not "file unreadable".
@Suite struct UnknownCommandTests {
    static let commands = "commands: check, info, compare, list, extract, report, embed, strip, roundtrip, rules, explain; `depthcheck FILE...` checks files\n"

    @Test func anUnknownCommandListsTheCommands() throws {
        let s = try Scratch("unknown")
        defer { s.remove() }
        let photo = try s.copy("Corpus/good/jpeg-disparity.jpg", to: "foo.jpg")
        let before = Scratch.bytes(photo)
        let r = try Tools.depthcheck(["extrac", photo])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "depthcheck: unknown command 'extrac'; did you mean 'extract'?\n" + Self.commands)
        #expect(Scratch.bytes(photo) == before)
    }

    @Test func aMissingFileIsStillUnreadable() throws {
        let r = try Tools.depthcheck(["missing-photo.jpg"])
        #expect(r.status == 3)
        #expect(r.text.contains("UNREADABLE missing-photo.jpg"))
    }

    @Test func anExistingPathWithoutADotIsChecked() throws {
        let s = try Scratch("bare")
        defer { s.remove() }
        try s.copy("Corpus/good/jpeg-disparity.jpg", to: "photo")
        let r = try Tools.run(Tools.depthcheck, ["photo"], directory: s.dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.text.hasPrefix("PASS photo "))
    }

    @Test func commandsAndOptionsStillWork() throws {
        #expect(try Tools.depthcheck(["help"]).status == 0)
        #expect(try Tools.depthcheck(["--version"]).text == "0.1.0\n")
        #expect(try Tools.depthcheck(["rules"]).status == 0)
    }
}
