import Testing
import TestSupport

/// Every writer keeps a vendor's trailer, byte for byte, at the end of the file it writes.
@Suite struct TrailerKeptTests {
    @Test(arguments: ["samsung", "leia"])
    func embedAndStripKeepTheTrailer(_ vendor: String) throws {
        let s = try Scratch("trailer-kept-\(vendor)")
        defer { s.remove() }
        // Trailers that hold no depth map, so that embedding depth is not a replacement.
        let trailer = vendor == "samsung" ? TrailerFixture.samsungDualShot(depth: false).trailer : TrailerFixture.leiaLIF()
        #expect(FileBytes.write(TrailerFixture.primary() + trailer, to: s.path("t.jpg")))
        _ = try s.write("P5 16 12 255\n" + String(repeating: "A", count: 16 * 12), to: "m.pgm")
        let e = try Tools.depthcheck(["embed", "--image", s.path("t.jpg"), "--depth", s.path("m.pgm"), "--znear", "0.5", "--zfar", "4",
                                      "-o", s.path("e.jpg")])
        #expect(e.status == 0, "\(e.stderr)")
        let st = try Tools.depthcheck(["strip", s.path("e.jpg"), "--aux", "depth", "-o", s.path("s.jpg")])
        #expect(st.status == 0, "\(st.stderr)")
        for out in ["e.jpg", "s.jpg"] {
            let bytes = try #require(Scratch.bytes(s.path(out)))
            #expect(Array(bytes.suffix(trailer.count)) == trailer, "\(out)")
            let c = try Tools.depthcheck(["check", s.path(out)])
            #expect(c.status == 0 && String(decoding: c.stdout, as: UTF8.self).contains("trailer, kept as they are"), "\(out)")
        }
    }
}
