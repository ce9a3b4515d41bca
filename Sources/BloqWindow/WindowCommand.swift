import ArgumentParser
import BloqCLI
import BloqSDL

/// The window process's own command line: the commands of `bloq` that need SDL, with the
/// same options (`bloq` hands them over with its arguments unchanged, `WindowProcess`).
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bloq", abstract: BloqCommand.configuration.abstract, version: BloqVersion.current,
        subcommands: [WindowPlay.self, WindowReplay.self, WindowBench.self], defaultSubcommand: WindowPlay.self)
}

/// `bloq play`: the game in a window, or a screenshot of one of its screens.
struct WindowPlay: ParsableCommand {
    static let configuration = Play.configuration
    @OptionGroup var options: PlayOptions

    func run() throws { try options.openWindow() }
}

/// `bloq replay --screenshot`: the replay in a headless window, its last frame saved.
struct WindowReplay: ParsableCommand {
    static let configuration = Replay.configuration
    @OptionGroup var options: ReplayOptions

    func run() throws {
        try options.run(canvas: { width, height in try SDLWindow(options: WindowOptions(width: width, height: height, headless: true)) })
    }
}

/// `bloq bench`: every figure of docs/performance.md.
struct WindowBench: ParsableCommand {
    static let configuration = Bench.configuration
    @OptionGroup var options: BenchOptions

    func run() throws { try options.measure() }
}

extension SDLWindow: ReplayCanvas {}
