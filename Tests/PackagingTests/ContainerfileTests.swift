import Foundation
import Testing
import TestSupport

/// The Containerfile, read without a container engine: the image runs as a non-root user,
/// the build context leaves build outputs out, Package.resolved is copied when present, and
/// the smoke test that ends the build names photos of the repository and runs as written
/// with this build's binary (so only the image's libraries are left for the build to prove).
@Suite struct ContainerfileTests {
    static let text = (try? String(contentsOfFile: TestData.packageRoot + "/Containerfile", encoding: .utf8)) ?? ""

    /// The instructions, continuation lines joined and comments dropped.
    static var instructions: [String] {
        var out: [String] = []
        var current = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current.isEmpty && (line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty) { continue }
            if line.hasSuffix("\\") {
                current += String(line.dropLast()) + " "
            } else {
                out.append(current + line)
                current = ""
            }
        }
        return out
    }

    /// The instructions of the last stage, the image that is run.
    static var finalStage: [String] {
        let all = instructions
        let from = all.lastIndex { $0.hasPrefix("FROM ") } ?? 0
        return Array(all[from...])
    }

    static func words(_ s: String) -> [String] {
        s.split(separator: " ").map(String.init)
    }

    @Test func theImageRunsAsTheUserItCreates() throws {
        let stage = Self.finalStage
        #expect(stage.first == "FROM debian:12-slim")
        let users = stage.filter { $0.hasPrefix("USER ") }
        #expect(users == ["USER 10001:10001"])
        // Numeric, so Kubernetes' runAsNonRoot can check it; made with the same ids.
        let create = try #require(stage.first { $0.contains("useradd") })
        #expect(create.contains("groupadd --gid 10001 depthcheck"))
        #expect(create.contains("useradd --uid 10001 --gid 10001 "))
        // Everything after USER, the smoke test included, runs as that user.
        let user = try #require(stage.firstIndex(of: "USER 10001:10001"))
        let smoke = try #require(stage.firstIndex { $0.hasPrefix("RUN --mount=type=bind") })
        #expect(user < smoke)
    }

    @Test func packageResolvedIsCopiedWhenPresent() {
        #expect(Self.instructions.contains("COPY Package.swift Package.resolve[d] ./"))
    }

    @Test func theBuildContextLeavesOutputsOut() throws {
        let ignore = try String(contentsOfFile: TestData.packageRoot + "/.containerignore", encoding: .utf8)
        let patterns = ignore.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        #expect(patterns == [".git", ".build", ".build-*", ".build_*", ".swiftpm", "Fuzz/.build", "dist", "python/build",
                             "python/*.egg-info", "python/depthcheck/bin", "**/__pycache__", "**/*.pyc"])
        // Docker reads .dockerignore; it is the same file.
        let docker = try FileManager.default.destinationOfSymbolicLink(atPath: TestData.packageRoot + "/.dockerignore")
        #expect(docker == ".containerignore")
    }

    @Test func theSmokeTestDecodesAHEICAndAJPEGAuxImageAsWritten() throws {
        let run = try #require(Self.finalStage.first { $0.hasPrefix("RUN --mount=type=bind") })
        var words = Self.words(run)
        let mount = words[1].dropFirst("--mount=".count).split(separator: ",").reduce(into: [String: String]()) {
            let kv = $1.split(separator: "=", maxSplits: 1)
            $0[String(kv[0])] = String(kv[1])
        }
        let source = try #require(mount["source"]), target = try #require(mount["target"])
        #expect((source, target) == ("Corpus/good", "/smoke"))
        words.removeFirst(2)
        let commands = words.split(separator: "&&").map(Array.init)
        let s = try Scratch("containerfile-smoke")
        defer { s.remove() }
        var photos: [String] = [], outputs: [String] = []
        for command in commands where command.first == "depthcheck" {
            // The mounted photos are the repository's; /tmp is the scratch folder.
            let arguments = command.dropFirst().map { word -> String in
                if word.hasPrefix(target + "/") { return TestData.packageRoot + "/" + source + String(word.dropFirst(target.count)) }
                if word.hasPrefix("/tmp/") { return s.path(String(word.dropFirst("/tmp/".count))) }
                return word
            }
            photos += command.filter { $0.hasPrefix(target + "/") }
            outputs += command.filter { $0.hasPrefix("/tmp/") }
            let r = try Tools.run(Tools.depthcheck, arguments)
            #expect(r.status == 0, "\(command): \(r.stderr)")
        }
        #expect(photos == ["/smoke/heif-disparity.heic", "/smoke/jpeg-disparity.jpg"])
        #expect(outputs == ["/tmp/smoke-heif.npy", "/tmp/smoke-jpeg.png"])
        // Each 16×12 disparity map: Float32 npy (a 128-byte header), and a 16-bit PNG (libpng).
        #expect(Scratch.bytes(s.path("smoke-heif.npy"))?.count == 128 + 16 * 12 * 4)
        let png = try #require(Scratch.bytes(s.path("smoke-jpeg.png")))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[16..<25]) == [0, 0, 0, 16, 0, 0, 0, 12, 16])
        // The build removes what it wrote, and the photos were never in a layer.
        #expect(commands.last == ["rm"] + outputs)
        #expect(commands.count == 3)
    }
}
