import ArgumentParser

/// The `bloq` command line: one table of subcommands, each run in this process: those that
/// need a window (play, bench, replay --screenshot) open one with SDL.
public struct BloqCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bloq",
        abstract: "Bloq: push coloured blocks until same colours touch and vanish; clear the board.",
        version: BloqVersion.current,
        subcommands: [
            Play.self, Solve.self, Validate.self, Generate.self, Replay.self, Share.self, Import.self, Verify.self, Bench.self,
        ],
        defaultSubcommand: Play.self
    )

    public init() {}
}
