#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzTargets

// One binary for every fuzz target. Built with -DFUZZING and -sanitize=fuzzer (Fuzz/run.sh),
// it is a libFuzzer target: libFuzzer supplies main, and DEPTHCHECK_FUZZ_TARGET names the
// target. Built plainly, it replays inputs: `depthcheck-fuzz FuzzHEIF FILE...` runs each file
// through the target and says which broke an invariant, the way a kept crasher is examined.

/// The target the environment names.
let selected: FuzzTarget? = getenv("DEPTHCHECK_FUZZ_TARGET").flatMap { FuzzTarget(rawValue: String(cString: $0)) }

/// Writes `text` to standard error.
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let target = selected else {
        printError("DEPTHCHECK_FUZZ_TARGET must name one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))\n")
        abort()
    }
    do throws(FuzzViolation) {
        try target.run(Array(UnsafeBufferPointer(start: data, count: size)))
    } catch {
        // libFuzzer keeps the input as crash-*.
        printError(error.description + "\n")
        abort()
    }
    return 0
}
#else
@main
struct Replay {
    static func main() {
        let args = CommandLine.arguments.dropFirst()
        guard let name = args.first, let target = FuzzTarget(rawValue: name) else {
            printError("usage: depthcheck-fuzz TARGET FILE...\ntargets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))\n")
            exit(64)
        }
        var broken = 0
        for path in args.dropFirst() {
            guard let bytes = FuzzTarget.contents(of: path) else {
                printError("\(path): cannot be read\n")
                broken += 1
                continue
            }
            do throws(FuzzViolation) {
                try target.run(bytes)
            } catch {
                printError("\(path): \(error.description)\n")
                broken += 1
            }
        }
        exit(broken == 0 ? 0 : 1)
    }
}
#endif
