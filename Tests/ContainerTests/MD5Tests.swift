import Testing
@testable import Container

@Suite struct MD5Tests {
    /// RFC 1321 Appendix A.5 test suite.
    @Test(arguments: [
        ("", "D41D8CD98F00B204E9800998ECF8427E"),
        ("a", "0CC175B9C0F1B6A831C399E269772661"),
        ("abc", "900150983CD24FB0D6963F7D28E17F72"),
        ("message digest", "F96B697D7CB7938D525A2F31AAF161D0"),
        ("abcdefghijklmnopqrstuvwxyz", "C3FCD3D76192E4007DFB496CCA67E13B"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "D174AB98D277D9F5A5611C2C9F419D9F"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890",
         "57EDF4A22BE3C955AC49DA2E2107B67A"),
    ])
    func rfc1321TestSuiteDigests(message: String, hex: String) {
        #expect(MD5.hexDigest(Array(message.utf8)) == hex)
    }

    @Test func paddingBoundariesAroundFiftySixBytes() {
        // 55, 56 and 64 bytes exercise the one- and two-block padding paths (RFC 1321 §3.1).
        #expect(MD5.hexDigest([UInt8](repeating: 0x61, count: 55)) == "EF1772B6DFF9A122358552954AD0DF65")
        #expect(MD5.hexDigest([UInt8](repeating: 0x61, count: 56)) == "3B0C8AC703F828B04C6C197006D17218")
        #expect(MD5.hexDigest([UInt8](repeating: 0x61, count: 64)) == "014842D480B571495A4A0363793F7367")
    }
}
