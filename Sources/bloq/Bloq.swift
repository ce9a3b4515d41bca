import ArgumentParser

@main
struct Bloq: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bloq",
        abstract: "Bloq: push coloured blocks until same colours touch and vanish; clear the board.",
        version: BloqVersion.current,
        subcommands: [Play.self, Solve.self, Validate.self, Generate.self, Replay.self, Bench.self],
        defaultSubcommand: Play.self
    )
}
