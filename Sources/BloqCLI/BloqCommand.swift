import ArgumentParser

/// The `bloq` command line: one table of subcommands for the command-line tool and its
/// window process alike, so both parse and document the same options. The tool runs what
/// needs no window itself (solve, validate, generate, replay without a screenshot) and
/// hands the rest to the window process (`WindowProcess`).
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
