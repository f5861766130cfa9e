import ArgumentParser

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the structure and the aux images of a photo.")
    @Argument(help: "The photo to read.") var file: String
    @Flag(help: "Print JSON with the field names of the depthcheck contract.") var json = false
    func run() throws {}
}
