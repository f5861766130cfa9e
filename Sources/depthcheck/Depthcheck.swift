import ArgumentParser

@main
struct Depthcheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "depthcheck",
        abstract: "Validate depth, disparity and matte images inside JPEG and HEIC photos.",
        subcommands: [Info.self],
        defaultSubcommand: Info.self
    )
}
