import Foundation
import Testing
import TestSupport

/// What a user runs to get depthcheck on PATH, and the version they read there. VERSION is the
/// one place the version is written: Scripts/version.py holds every copy to it and the binary
/// says it. `make install` into a temporary prefix and the tarball `make dist` writes give a
/// binary that needs no Swift library and runs `--version` and a check; `make uninstall` takes
/// away what install put. A release build takes minutes, more than this suite may spend, so
/// these tests take one already built (`make release`, which `make ci-checks` runs before its
/// suite run, or DEPTHCHECK_RELEASE_BIN) and hand make a copy of it, newer than every source,
/// so that make builds nothing (and `-o deps`, so that it installs no package); without one
/// they are skipped, saying so. The documentation site's finishing script is tried here on a
/// site of three pages; `make docs` opens the real site, served and from disk, in Chromium
/// (Scripts/docs_in_chromium.py).
@Suite(.serialized) struct InstallTests {
    static let root = TestData.packageRoot

    /// VERSION's one line.
    static let version: String = (FileBytes.text(root + "/VERSION") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)

    /// The release binary to install and pack: DEPTHCHECK_RELEASE_BIN, or `make release`'s, when
    /// it says VERSION (one built before VERSION changed is not the one to pack).
    static let releaseBinary: (path: String?, why: String) = {
        var candidates = [root + "/.build/release/depthcheck"]
        if let named = FileBytes.environment("DEPTHCHECK_RELEASE_BIN") {
            candidates = [named.hasPrefix("/") ? named : root + "/" + named]
        }
        var why = "a release binary of depthcheck \(version) at \(candidates[0]) (make release, or DEPTHCHECK_RELEASE_BIN)"
        for path in candidates where FileManager.default.isExecutableFile(atPath: path) {
            let said = (try? Tools.run(path, ["--version"]))?.text ?? ""
            if said == version + "\n" { return (path, why) }
            why += "; \(path) says \(said.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
        return (nil, why)
    }()

    static var release: TestInput {
        TestInput(releaseBinary.why, isAvailable: releaseBinary.path != nil)
    }

    /// `make -o deps ARGS` in the package root.
    /// `make ARGUMENTS` in the checkout, the package installs taken as done, and printing only
    /// its own output: run under a make (`make ci-checks`), a make would otherwise say which
    /// folder it enters and leaves, and take its parent's flags.
    static func make(_ arguments: [String]) throws -> Tools.Result {
        let make = try #require(Tools.which("make"))
        var environment = ProcessInfo.processInfo.environment
        for name in ["MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES"] { environment[name] = nil }
        return try Tools.run(make, ["--no-print-directory", "-o", "deps", "-o", "build-deps"] + arguments,
                             environment: environment, directory: root)
    }

    /// A copy of the release binary in the scratch folder: newer than every source, so that make
    /// takes it as built.
    static func freshCopy(_ s: Scratch) throws -> String {
        let copy = s.path("release/depthcheck")
        try FileManager.default.createDirectory(atPath: s.path("release"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try #require(releaseBinary.path), toPath: copy)
        return copy
    }

    /// Every path under `dir`, relative and sorted, folders included.
    static func tree(_ dir: String) -> [String] {
        ((FileManager.default.enumerator(atPath: dir)?.allObjects as? [String]) ?? []).sorted()
    }

    /// The shared libraries a binary names (readelf -d: NEEDED).
    static func needed(_ binary: String) throws -> [String] {
        let readelf = try #require(Tools.which("readelf"))
        return try Tools.run(readelf, ["-d", binary]).text.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// Its section names (readelf -S).
    static func sections(_ binary: String) throws -> String {
        try Tools.run(try #require(Tools.which("readelf")), ["-S", "-W", binary]).text
    }

    /// The binary needs no library of Swift's (only what libc6, libstdc++6 and libgcc-s1 hold, as
    /// the README says) and, with no Swift on PATH and no LD_LIBRARY_PATH, says the version and
    /// checks a JPEG and a HEIC, decoding their maps.
    static func runsWithoutSwift(_ binary: String) throws {
        let needed = try needed(binary)
        let allowed: Set<String> = ["libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libdl.so.2", "libpthread.so.0",
                                    "librt.so.1", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"]
        #expect(!needed.isEmpty && needed.allSatisfy { allowed.contains($0) }, "\(binary) needs \(needed)")
        let env = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
        let said = try Tools.run(binary, ["--version"], environment: env)
        #expect(said.status == 0 && said.text == version + "\n", "\(said.text)\(said.stderr)")
        let check = try Tools.run(binary, ["check", "--pixels", "Corpus/good/jpeg-disparity.jpg", "Corpus/good/heif-disparity.heic"],
                                  environment: env, directory: root)
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
        #expect(check.text.hasPrefix("PASS Corpus/good/jpeg-disparity.jpg (jpeg; disparity 16×12; "), "\(check.text)")
        #expect(check.text.contains("\nPASS Corpus/good/heif-disparity.heic (heif; disparity 16×12; "), "\(check.text)")
    }

    @Test(.requires(.tool("python3"), .tool("make")))
    func theVersionIsOneEverywhere() throws {
        #expect(FileBytes.text(Self.root + "/VERSION") == Self.version + "\n")
        let parts = Self.version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "VERSION: \(Self.version)")
        let python = try #require(Tools.which("python3"))
        let check = try Tools.run(python, [Self.root + "/Scripts/version.py", "check"], directory: Self.root)
        #expect(check.status == 0, "\(check.stderr)")
        let printed = try Tools.run(python, [Self.root + "/Scripts/version.py"], directory: Self.root)
        #expect(printed.text == Self.version + "\n")
        #expect(try Tools.depthcheck(["--version"]).text == Self.version + "\n")
        // The Python package has no number of its own: pyproject.toml takes __version__'s.
        let pyproject = try #require(FileBytes.text(Self.root + "/python/pyproject.toml"))
        #expect(pyproject.contains("dynamic = [\"version\"]") && pyproject.contains("version = {attr = \"depthcheck.__version__\"}")
                && !pyproject.contains("\nversion = \""))
        // The Makefile reads VERSION.
        let said = try Self.make(["-s", "--eval", "print-version: ; @echo $(VERSION)", "print-version"])
        #expect(said.text == Self.version + "\n", "\(said.text)\(said.stderr)")
    }

    @Test(.requires(.tool("make"), .tool("strip"), .tool("readelf"), InstallTests.release))
    func installPutsOneFileThatRunsAndUninstallTakesItAway() throws {
        let s = try Scratch("install")
        defer { s.remove() }
        let binary = try Self.freshCopy(s)
        let prefix = s.path("prefix")
        let file = prefix + "/bin/depthcheck"
        let installed = try Self.make(["install", "RELEASE_BIN=" + binary, "PREFIX=" + prefix])
        #expect(installed.status == 0, "\(installed.text)\(installed.stderr)")
        #expect(Self.tree(prefix) == ["bin", "bin/depthcheck"])
        #expect(installed.text.contains("installed \(file) (depthcheck \(Self.version))\n"), "\(installed.text)")
        // The folder is not on the test's PATH: install says how to put it there.
        #expect(installed.text.contains("note: \(prefix)/bin is not on PATH; add it: export PATH=\"\(prefix)/bin:$PATH\"\n"), "\(installed.text)")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o755)
        try Self.runsWithoutSwift(file)
        // Debug info stripped, the symbols a crash report names kept; STRIP= installs the build's bytes.
        let sections = try Self.sections(file)
        #expect(!sections.contains(" .debug_info ") && sections.contains(" .symtab "), "\(sections)")
        let unstripped = try Self.make(["install", "RELEASE_BIN=" + binary, "PREFIX=" + prefix, "STRIP="])
        #expect(unstripped.status == 0, "\(unstripped.stderr)")
        #expect(FileBytes.read(file) == FileBytes.read(binary))
        // Uninstall removes that file, and nothing else; a second time finds nothing to do.
        let removed = try Self.make(["uninstall", "PREFIX=" + prefix])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(Self.tree(prefix) == ["bin"])
        #expect(try Self.make(["uninstall", "PREFIX=" + prefix]).status == 0)
        // DESTDIR stages the prefix's tree for a package, and says nothing of PATH.
        let stage = s.path("stage")
        let staged = try Self.make(["install", "RELEASE_BIN=" + binary, "PREFIX=/usr/local", "DESTDIR=" + stage])
        #expect(staged.status == 0, "\(staged.stderr)")
        #expect(Self.tree(stage) == ["usr", "usr/local", "usr/local/bin", "usr/local/bin/depthcheck"])
        #expect(!staged.text.contains("PATH"), "\(staged.text)")
        #expect(try Self.make(["uninstall", "PREFIX=/usr/local", "DESTDIR=" + stage]).status == 0)
        #expect(Self.tree(stage) == ["usr", "usr/local", "usr/local/bin"])
    }

    @Test(.requires(.tool("make"), .tool("strip"), .tool("readelf"), .tool("sha256sum"), .tool("tar"), .tool("python3"),
                    InstallTests.release))
    func theTarballCarriesTheBinaryTheReadmeAndItsChecksum() throws {
        let s = try Scratch("dist")
        defer { s.remove() }
        let binary = try Self.freshCopy(s)
        let machine = try Tools.run("/bin/sh", ["-c", "uname -m"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = "depthcheck-\(Self.version)-linux-\(machine)"
        let dist = s.path("dist")
        let tarball = dist + "/" + name + ".tar.gz"
        let made = try Self.make(["dist", "RELEASE_BIN=" + binary, "DIST=" + dist])
        #expect(made.status == 0, "\(made.text)\(made.stderr)")
        #expect(made.text.hasSuffix(tarball + "\n"), "\(made.text)")
        #expect(FileBytes.list(dist) == [name + ".tar.gz", name + ".tar.gz.sha256"])
        // The checksum file is sha256sum's line, which sha256sum -c reads beside the tarball.
        let sum = try #require(FileBytes.text(tarball + ".sha256"))
        #expect(sum.hasSuffix("  \(name).tar.gz\n") && sum.utf8.count == 64 + 2 + name.utf8.count + 7 + 1, "\(sum)")
        let verified = try Tools.run(try #require(Tools.which("sha256sum")), ["-c", name + ".tar.gz.sha256"], directory: dist)
        #expect(verified.status == 0 && verified.text == "\(name).tar.gz: OK\n", "\(verified.text)\(verified.stderr)")
        // One folder named as the tarball: the binary, the README, and the licence files the checkout has.
        let tar = try #require(Tools.which("tar"))
        let licences = FileBytes.list(Self.root).filter { $0.hasPrefix("LICENSE") || $0.hasPrefix("LICENCE") || $0.hasPrefix("COPYING") }
        let listing = try Tools.run(tar, ["--numeric-owner", "-tvzf", tarball])
        let entries = listing.text.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(entries.map { String($0.last ?? "") }.sorted() == ([name + "/", name + "/README.md", name + "/depthcheck"]
                                                                   + licences.map { name + "/" + $0 }).sorted(), "\(listing.text)")
        #expect(entries.allSatisfy { $0.count > 1 && $0[1] == "0/0" }, "\(listing.text)")
        #expect(entries.contains { $0.first == "-rwxr-xr-x" && $0.last.map(String.init) == name + "/depthcheck" }, "\(listing.text)")
        let unpacked = s.path("unpacked")
        try FileManager.default.createDirectory(atPath: unpacked, withIntermediateDirectories: true)
        #expect(try Tools.run(tar, ["-xzf", tarball, "-C", unpacked]).status == 0)
        #expect(FileBytes.read(unpacked + "/" + name + "/README.md") == FileBytes.read(Self.root + "/README.md"))
        try Self.runsWithoutSwift(unpacked + "/" + name + "/depthcheck")
        // Packed again from the same binary: the same bytes.
        let first = FileBytes.read(tarball)
        #expect(try Self.make(["dist", "RELEASE_BIN=" + binary, "DIST=" + dist]).status == 0)
        #expect(FileBytes.read(tarball) == first)
    }

    /// A binary that needs Swift's libraries (this suite's debug build) is neither installed nor
    /// packed, nor one that says another version: nothing is written.
    @Test(.requires(.tool("make"), .tool("readelf"), .tool("python3")))
    func aBinaryThatNeedsSwiftOrSaysAnotherVersionIsRefused() throws {
        let s = try Scratch("dist-refused")
        defer { s.remove() }
        let debug = s.path("debug/depthcheck")
        try FileManager.default.createDirectory(atPath: s.path("debug"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Tools.depthcheck, toPath: debug)
        try #require(try Self.needed(debug).contains("libswiftCore.so"), "the debug build links the Swift runtime as a library")
        let notInstalled = try Self.make(["install", "RELEASE_BIN=" + debug, "PREFIX=" + s.path("prefix")])
        #expect(notInstalled.status != 0)
        #expect(notInstalled.stderr.contains("install: \(debug) needs the Swift runtime's shared libraries (above); make release links them in"),
                "\(notInstalled.stderr)")
        #expect(!FileBytes.exists(s.path("prefix")))
        let refused = try Self.make(["dist", "RELEASE_BIN=" + debug, "DIST=" + s.path("out")])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("dist: \(debug) needs the Swift runtime's shared libraries"), "\(refused.stderr)")
        #expect(!FileBytes.exists(s.path("out")))
        let other = try s.write("#!/bin/sh\necho 9.9.9\n", to: "other/depthcheck")
        #expect(chmod(other, 0o755) == 0)
        let wrong = try Self.make(["dist", "RELEASE_BIN=" + other, "DIST=" + s.path("out")])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("dist: \(other) --version says '9.9.9', VERSION \(Self.version)"), "\(wrong.stderr)")
        #expect(!FileBytes.exists(s.path("out")))
    }

    /// Scripts/docs_site.py on a site of three pages as DocC's static hosting writes them (the
    /// shell of the viewer in each page's index.html, the content as JSON under data/): the root
    /// goes to the landing page, by its folder when served and by its file from disk; each page
    /// holds its content as plain HTML, links to the others by relative path and keeps the
    /// viewer's scripts; a second run gives the same bytes; content it cannot write is named.
    @Test(.requires(.tool("python3")))
    func theDocsSiteOpensAtItsRoot() throws {
        let s = try Scratch("docs-site")
        defer { s.remove() }
        let shell = "<!doctype html><html><head><script defer src=\"/js/index.js\"></script></head><body>"
            + "<noscript>This page requires JavaScript.</noscript><div id=\"app\"></div></body></html>"
        for page in ["", "documentation/depthcheck/", "documentation/depthcheck/depthphoto/", "documentation/depthcheck/depthphoto/init(path:)/"] {
            try s.write(shell, to: "site/" + page + "index.html")
        }
        let id = "doc://DepthCheck/documentation/DepthCheck"
        let landingRef = #""\#(id)": {"type": "topic", "kind": "symbol", "title": "DepthCheck", "url": "/documentation/depthcheck", "identifier": "\#(id)"}"#
        let photoRef = #""\#(id)/DepthPhoto": {"type": "topic", "kind": "symbol", "title": "DepthPhoto", "url": "/documentation/depthcheck/depthphoto", "identifier": "\#(id)/DepthPhoto", "abstract": [{"type": "text", "text": "A photo."}]}"#
        let initRef = #""\#(id)/DepthPhoto/init(path:)": {"type": "topic", "kind": "symbol", "title": "init(path:)", "url": "/documentation/depthcheck/depthphoto/init(path:)", "identifier": "\#(id)/DepthPhoto/init(path:)"}"#
        let landing = #"{"variants": [{"paths": ["/documentation/depthcheck"]}], "metadata": {"title": "DepthCheck", "roleHeading": "Framework"}, "abstract": [{"type": "text", "text": "Read depth."}], "topicSections": [{"title": "Reading", "identifiers": ["\#(id)/DepthPhoto"]}], "references": {\#(landingRef), \#(photoRef)}}"#
        let photo = #"{"variants": [{"paths": ["/documentation/depthcheck/depthphoto"]}], "hierarchy": {"paths": [["\#(id)"]]}, "metadata": {"title": "DepthPhoto", "roleHeading": "Structure"}, "primaryContentSections": [{"kind": "declarations", "declarations": [{"tokens": [{"kind": "keyword", "text": "struct"}, {"kind": "text", "text": " "}, {"kind": "identifier", "text": "DepthPhoto"}]}]}, {"kind": "content", "content": [{"type": "heading", "level": 2, "text": "Overview", "anchor": "overview"}, {"type": "paragraph", "inlineContent": [{"type": "text", "text": "Read <b> with "}, {"type": "reference", "identifier": "\#(id)/DepthPhoto/init(path:)", "isActive": true}, {"type": "text", "text": "."}]}]}], "references": {\#(landingRef), \#(initRef)}}"#
        let initPage = #"{"variants": [{"paths": ["/documentation/depthcheck/depthphoto/init(path:)"]}], "metadata": {"title": "init(path:)"}, "references": {}}"#
        try s.write(landing, to: "site/data/documentation/depthcheck.json")
        try s.write(photo, to: "site/data/documentation/depthcheck/depthphoto.json")
        try s.write(initPage, to: "site/data/documentation/depthcheck/depthphoto/init(path:).json")
        let python = try #require(Tools.which("python3"))
        let script = Self.root + "/Scripts/docs_site.py"
        let made = try Tools.run(python, [script, s.path("site"), "--version", "7.8.9"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.text == "docs_site: 3 pages readable from disk; index.html opens documentation/depthcheck\n")
        let rootPage = try #require(FileBytes.text(s.path("site/index.html")))
        #expect(rootPage.contains("<title>depthcheck 7.8.9 documentation</title>"))
        #expect(rootPage.contains(#"location.replace(location.protocol === "file:" ? "documentation/depthcheck/index.html" : "documentation/depthcheck/" + location.hash)"#))
        #expect(rootPage.contains(#"<noscript><meta http-equiv="refresh" content="0; url=documentation/depthcheck/index.html"></noscript>"#))
        #expect(rootPage.contains(#"<a href="documentation/depthcheck/">"#) && rootPage.contains(#"<a href="documentation/depthcheck/index.html">"#))
        let landingPage = try #require(FileBytes.text(s.path("site/documentation/depthcheck/index.html")))
        #expect(landingPage.contains(#"<div id="app"><div class="docc-static">"#))
        #expect(landingPage.contains("<h1>DepthCheck</h1>") && landingPage.contains("depthcheck 7.8.9</a>"))
        #expect(landingPage.contains(#"<a href="./depthphoto/index.html"><code>DepthPhoto</code></a><p>A photo.</p>"#), "\(landingPage)")
        let photoPage = try #require(FileBytes.text(s.path("site/documentation/depthcheck/depthphoto/index.html")))
        #expect(photoPage.hasPrefix("<!doctype html><html><head><script defer src=\"/js/index.js\"></script></head>"))
        #expect(photoPage.contains("<pre><code>struct DepthPhoto</code></pre>"))
        #expect(photoPage.contains(#"<p>Read &lt;b&gt; with <a href="./init%28path%3A%29/index.html"><code>init(path:)</code></a>.</p>"#), "\(photoPage)")
        #expect(photoPage.contains(#"<a href="../index.html"><code>DepthCheck</code></a>"#))
        // Again on the same site: the same pages.
        let again = try Tools.run(python, [script, s.path("site"), "--version", "7.8.9"])
        #expect(again.status == 0)
        #expect(FileBytes.text(s.path("site/documentation/depthcheck/depthphoto/index.html")) == photoPage)
        // Content the script cannot write as HTML fails it, named.
        try s.write(initPage.replacingOccurrences(of: #""references": {}"#, with: #""primaryContentSections": [{"kind": "content", "content": [{"type": "hologram"}]}], "references": {}"#),
                    to: "site/data/documentation/depthcheck/depthphoto/init(path:).json")
        let unknown = try Tools.run(python, [script, s.path("site"), "--version", "7.8.9"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("data/documentation/depthcheck/depthphoto/init(path:).json: cannot write block content of type 'hologram' as HTML"), "\(unknown.stderr)")
    }

    /// The same site from disk in Chromium: the root goes to the landing page's file, whose
    /// viewer scripts do not load there, and which shows its content as plain HTML.
    @Test(.requires(.tool("python3"), .tool("chromium")))
    func theDocsSiteFromDiskInChromium() throws {
        let s = try Scratch("docs-chromium")
        defer { s.remove() }
        let shell = "<!doctype html><html><head><script defer src=\"/js/index.js\"></script></head><body><div id=\"app\"></div></body></html>"
        try s.write(shell, to: "site/index.html")
        try s.write(shell, to: "site/documentation/depthcheck/index.html")
        try s.write(#"{"variants": [{"paths": ["/documentation/depthcheck"]}], "metadata": {"title": "DepthCheck"}, "abstract": [{"type": "text", "text": "Read depth."}], "references": {}}"#,
                    to: "site/data/documentation/depthcheck.json")
        let python = try #require(Tools.which("python3"))
        #expect(try Tools.run(python, [Self.root + "/Scripts/docs_site.py", s.path("site"), "--version", Self.version]).status == 0)
        let chromium = try #require(Tools.which("chromium"))
        let page = try Tools.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--virtual-time-budget=5000",
                                            "--dump-dom", "file://" + s.path("site/index.html")])
        #expect(page.text.contains(#"<div class="docc-static">"#) && page.text.contains("<h1>DepthCheck</h1>")
                && page.text.contains("Read depth.") && page.text.contains("depthcheck \(Self.version)"), "\(page.text)")
    }
}
