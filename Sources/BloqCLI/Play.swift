import ArgumentParser
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import Glibc

/// `bloq play`: the command-line tool hands it to the window process (`bloq-window`),
/// which parses the same `PlayOptions` and opens the window.
public struct Play: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Open the game window (the default command).",
        discussion: """
            Without --level, --pack or --code the game opens on its title screen with the shipped packs (easy, \
            medium, hard, expert, master), the daily board, and your own packs, from $XDG_DATA_HOME/bloq/levels/. \
            Data (levels) is found with --data DIR, then $BLOQ_DATA, then next to the executable and in \
            ../share/bloq or ../share/games/bloq beside it, then (a build folder) the source tree above it. Screens for --screen: \(ShotScreen.allCases.map(\.rawValue).joined(separator: ", ")) \
            (symbols: play with colour-blind symbols; daily: the day's board, of --date or $BLOQ_TODAY for a \
            screenshot that is the same every day). \
            Exit status: 0, 65 for an invalid level, pack or share code, 66 for a missing file or folder, \
            73 when the --screenshot or --record file cannot be written (its folder is missing or read-only, \
            the disk is full, or it names a folder).
            """)

    @OptionGroup public var options: PlayOptions

    public init() {}

    public func run() throws {
        // A malformed code is refused here, before a window is asked for (exit 65).
        if let code = options.code { _ = try ShareCodeArgument.level(code) }
        try WindowProcess.handOver()
    }
}

/// The options of `bloq play`, parsed alike by the tool and the window process.
public struct PlayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Play one level file.", valueName: "FILE"))
    public var level: String?

    @Option(help: ArgumentHelp("Play a folder of levels in order.", valueName: "DIR"))
    public var pack: String?

    @Option(help: ArgumentHelp("Play the level a share code holds (bloq share prints one).", valueName: "CODE"))
    public var code: String?

    @Flag(
        help: ArgumentHelp(
            "With --level: reload the file whenever it changes on disk; its errors show on screen, over the last good board."))
    public var watch = false

    @Option(help: ArgumentHelp("Window size in pixels, WIDTHxHEIGHT (160 to 8192 each).", valueName: "WxH"))
    public var window: WindowSize?

    @Flag(help: "Start in fullscreen.")
    public var fullscreen = false

    @Option(help: ArgumentHelp("Render the first settled frame to a PNG without a display, then exit.", valueName: "OUT.png"))
    public var screenshot: String?

    @Option(help: ArgumentHelp("The screen to show: \(ShotScreen.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "NAME"))
    public var screen: ShotScreen?

    @Option(help: ArgumentHelp("The folder that holds levels/ (overrides the search path).", valueName: "DIR"))
    public var data: String?

    @Option(
        help: ArgumentHelp("Write what the player does on the first level played as an input script for bloq replay.", valueName: "SCRIPT"))
    public var record: String?

    @Option(
        help: ArgumentHelp(
            "The day it is for the daily board (UTC; default: $BLOQ_TODAY, else today's date), so a screenshot of Daily is the same every day.",
            valueName: "YYYY-MM-DD"),
        transform: DateOption.parse)
    public var date: DailyDate?

    @Option(
        help: ArgumentHelp(
            "The language the game shows: \(LanguageOption.codes.joined(separator: ", ")) (default: the language chosen in Settings, else the desktop's, from $LANGUAGE, $LC_ALL, $LC_MESSAGES and $LANG).",
            valueName: "LL"),
        completion: .list(LanguageOption.codes), transform: LanguageOption.parse)
    public var lang: String?

    public init() {}

    public func validate() throws {
        try Arguments.checkPaths(["--level": level, "--pack": pack, "--data": data, "--screenshot": screenshot, "--record": record])
        try window?.check()
        if [level != nil, pack != nil, code != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --level, --pack and --code")
        }
        if watch, level == nil { throw ValidationError("--watch goes with --level FILE (the file to watch)") }
        if watch, screenshot != nil { throw ValidationError("--watch is for a window that stays open, not --screenshot") }
        if screen != nil, screenshot == nil { throw ValidationError("--screen goes with --screenshot OUT.png") }
    }
}
