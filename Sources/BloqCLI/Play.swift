import ArgumentParser
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import BloqPortal
import BloqSDL
import Glibc

/// `bloq play`: the game in a window, or a screenshot of one of its screens.
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

    @Option(
        help: ArgumentHelp(
            "Window size, WIDTHxHEIGHT (160 to 8192 each), in the desktop's logical pixels: at display scale 2 the game draws twice as many across and down (--screenshot: pixels).",
            valueName: "WxH"))
    public var window: WindowSize?

    @Flag(help: "Start in fullscreen.")
    public var fullscreen = false

    @Option(help: ArgumentHelp("Render the first settled frame to a PNG without a display, then exit.", valueName: "OUT.png"))
    public var screenshot: String?

    @Option(
        help: ArgumentHelp(
            "With --screenshot: the screen to take: \(ShotScreen.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "NAME"))
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
        transform: DateOption.parse("--date"))
    public var date: DailyDate?

    @Option(
        help: ArgumentHelp(
            "The language the game shows: \(LanguageOption.codes.joined(separator: ", ")) (default: the language chosen in Settings, else the desktop's, from $LANGUAGE, $LC_ALL, $LC_MESSAGES and $LANG).",
            valueName: "LL"),
        completion: .list(LanguageOption.codes), transform: LanguageOption.parse)
    public var lang: String?

    @Option(
        help: ArgumentHelp(
            "With --screenshot: the theme to draw in, light or dark (default: the dark a screenshot always had; the game itself follows Settings and the desktop).",
            valueName: "THEME"))
    public var theme: ScreenshotTheme?

    @Option(help: ArgumentHelp("With --screenshot: the contrast to draw in, normal or high (default: normal).", valueName: "CONTRAST"))
    public var contrast: ScreenshotContrast?

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
        if theme != nil || contrast != nil, screenshot == nil {
            throw ValidationError("--theme and --contrast go with --screenshot OUT.png (in the game, choose them in Settings)")
        }
    }

    public func run() throws {
        // A malformed code is refused here, before a window is asked for (exit 65).
        if let code { _ = try ShareCodeArgument.level(code) }
        try openWindow()
    }
}

extension Play {
    /// Set (to anything), `bloq play` presents the game's first frame, prints "first frame
    /// presented" and exits: how `bloq bench` and the tests time and check start-up (the
    /// offscreen video driver is then accepted for the window).
    static let firstFrameOnlyVariable = "BLOQ_EXIT_AFTER_FIRST_FRAME"

    /// Whether this process was asked to stop after its first frame.
    static var stopsAfterFirstFrame: Bool { getenv(firstFrameOnlyVariable) != nil }

    /// Opens the window and plays, or saves a screenshot of a screen.
    func openWindow() throws {
        let live = screenshot == nil
        // Closing the terminal, Ctrl+C or a SIGTERM ends the game as its window's close button
        // does. A screenshot keeps the signals' default action: they end it at once.
        if live { QuitSignals.install() }
        let folders = PlayerFolders.standard()
        let packs = try loadPacks()
        StartupTrace.mark("packs loaded")
        let variant: AppVariant = live ? .live(folders) : .detached(folders)
        var environment = AppEnvironment.make(variant, packs: packs, today: try DateOption.today(date), language: .live(commandLine: lang))
        // The window's size: --window, else the one remembered (live), else the default.
        let settings = environment.settings.initial
        let size = window ?? WindowSize(width: live ? settings.windowWidth ?? 900 : 800, height: live ? settings.windowHeight ?? 700 : 600)
        // The desktop's appearance (light or dark, contrast, reduced motion), followed live:
        // asked for now, so the portal answers while SDL starts. Screenshots keep the defaults.
        let portal = live && !Self.stopsAfterFirstFrame ? PortalSettings(wake: { SDLPlatform.wakeFromAnyThread() }) : nil
        let gameWindow: SDLWindow
        do {
            gameWindow = try SDLWindow(
                options: WindowOptions(
                    width: size.width, height: size.height, headless: !live,
                    fitToDisplay: window == nil && live && settings.windowWidth != nil, acceptsInvisibleDriver: Self.stopsAfterFirstFrame,
                    scalesWithDesktop: live))
        } catch {
            printError("bloq: \(error)")
            throw ExitCode.failure
        }
        if live { environment.clipboard = gameWindow.clipboard }
        // A touchscreen (a phone, a tablet, a touch laptop): gesture words until a key or
        // the mouse is used. A screenshot stays as replays are, for the keyboard.
        if live, SDLWindow.hasTouchscreen { environment.inputMode = .touch }
        // A solve code's line is offered to watch.
        if let code, SolveCode.isSolveCode(code), case .success(let contents) = SolveCode.decode(code) {
            environment.lineToWatch = contents.moves
        }
        var watcher: FileWatcher?
        defer { watcher?.stop() }
        if watch, let level, screenshot == nil {
            // Each saved version reloads; validate's solver checks run off the render thread.
            let check = LevelValidation.watchCheck(seconds: LevelWatch.checkSeconds)
            let watching = SDLPlatform.watchLevelFile(level, mode: environment.solverMode) { [path = level] version, stop in
                check(version, path, stop)
            }
            watcher = watching.watcher
            environment.levelWatch = watching.watch
        }
        let app = AppController(environment: environment, viewport: gameWindow.geometry.output)
        if fullscreen { app.settings.fullscreen = true }
        // A screenshot's appearance: what it is asked for, the desktop's never heard.
        if let theme { app.settings.theme = theme.setting }
        if let contrast { app.settings.contrast = contrast.setting }
        // Live, today's board is made at once, off the render thread, so Daily opens at once.
        if live, let today = app.today { app.prepareDaily(today) }
        if level != nil || pack != nil || code != nil {
            // A level or pack from the command line opens on the board, where the player was.
            app.continuePlaying()
        } else if let screen, screen.opensBoard {
            app.openLevel(pack: 0, level: 0)
        }
        StartupTrace.mark("packs and progress read")
        if let screenshot {
            (screen ?? .play).prepare(ShotScreen.loop(app, in: gameWindow))
            do {
                try gameWindow.saveScreenshot(of: app, to: screenshot)
                if let level, let game = app.game, let warning = StatedPar.warning(for: game, file: level, solving: true) {
                    printError(warning)
                }
            } catch let failure as OutputFile.Failure {
                printError("bloq: error: cannot write the screenshot to \(failure)")
                throw ExitStatus.cannotCreate
            } catch {
                printError("bloq: \(error)")
                throw ExitCode.failure
            }
            return
        }
        // The first frame in the desktop's colours: its answer, if it comes soon.
        portal?.waitForAnswer(upTo: 0.2)
        let platform = SDLPlatform(window: gameWindow, opensDevices: !Self.stopsAfterFirstFrame, desktop: portal)
        let loop = GameLoop(app: app, platform: platform)
        if record != nil { loop.startRecording() }
        loop.frame()
        StartupTrace.mark("first frame presented")
        if Self.stopsAfterFirstFrame {
            print("first frame presented")
            fflush(nil)
            return
        }
        loop.run()
        QuitSignals.acknowledge()
        if let signal = QuitSignals.pending { printError("bloq: \(QuitSignals.name(signal)) received: saving and quitting") }
        var final = app.settings
        // In the desktop's points, so that the next run opens it as large to the eye
        // (`WindowOptions.scalesWithDesktop`) whatever the desktop's scale then; fullscreen,
        // the size the window had before it (a window resized, then made fullscreen, kept
        // the size it was started with).
        if let size = final.fullscreen ? platform.windowedDesktopSize : gameWindow.geometry.desktopPointSize {
            final.windowWidth = size.width
            final.windowHeight = size.height
        }
        // The window's size is kept; a failure is said on standard error by the save itself.
        if live { _ = app.environment.settings.save(final) }
        FrameTrace.report()
        // The level's stated par, if the game found it wrong while it ran.
        if let level, let game = app.game, let warning = StatedPar.warning(for: game, file: level, solving: false) { printError(warning) }
        for line in app.finish() { printError("bloq: warning: \(line)") }
        if let record, let script = loop.recordedScript() {
            do {
                try OutputFile.write(Array(script.text.utf8), to: record)
                printError(
                    "bloq: recorded \(script.events.count - 1) events to \(record); \(Self.replayAdvice(record, loop.recordedLevel))")
            } catch {
                printError("bloq: error: cannot write the recording to \(error)")
                throw ExitStatus.cannotCreate
            }
        }
        // The window lost (the compositor went away, or no window after a scale change): said
        // as it happened, saved above, and a failure's status.
        if gameWindow.lost != nil { throw ExitCode.failure }
    }

    /// How to replay a recording of `level`: from its file, or from its share code when it
    /// is in none (the daily board, a shared level, the editor's board).
    static func replayAdvice(_ record: String, _ recorded: (level: PlayableLevel, inPack: Bool)?) -> String {
        guard let (level, inPack) = recorded else { return "no level had input while recording (it follows the first level you play)" }
        if inPack, RegularFile.kind(level.name) == .regular {
            return "replay with: bloq replay \(shellWord(record)) --level \(shellWord(level.name))"
        }
        guard let code = ShareCode.encode(level.level.board, title: level.level.title) ?? ShareCode.encode(level.level.board) else {
            return "its level is in no file"
        }
        return "replay with: bloq replay \(shellWord(record)) --code \(code)"
    }

    /// `text` as one word of a shell's command line: as it is when plain, else in single quotes.
    static func shellWord(_ text: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._+-,:=@%")
        return !text.isEmpty && text.allSatisfy(plain.contains)
            ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// The packs to list: a level, a folder or a code from the command line, else the
    /// shipped packs (and, live, the player's own).
    private func loadPacks() throws -> PackChoice {
        var packs: [PackEntry]
        do {
            if let level {
                let single = try watch ? waitForLoadableLevel(level) : LevelCatalog.single(level: level)
                for warning in single.warnings { printError(warning.description) }
                packs = [single.pack]
            } else if let code {
                let shared = try ShareCodeArgument.level(code)
                packs = [PackEntry(title: shared.title, items: [.playable(PlayableLevel(name: "share code \(code)", level: shared))])]
            } else if let pack {
                guard Path.isFolder(pack) else {
                    printError("\(pack): no such folder; --pack takes a folder of .bloq files")
                    throw ExitStatus.missingInput
                }
                let loaded = try LevelCatalog.loadPack(folder: pack)
                for warning in loaded.warnings { printError(warning.description) }
                packs = [loaded.pack]
            } else {
                let root = try Arguments.dataFolder(data)
                guard LevelCatalog.shippedPacks(dataFolder: root).contains(where: { !$0.playable.isEmpty }) else {
                    printError("bloq: no playable level found in \(root)/levels")
                    throw ExitStatus.invalidData
                }
                return .shipped(dataRoot: root)
            }
        } catch let error as LevelCatalog.LoadError {
            printError(error.description)
            throw level.map(LevelFiles.isMissing) == true ? ExitStatus.missingInput : ExitStatus.invalidData
        }
        packs = packs.filter { !$0.items.isEmpty }
        guard packs.contains(where: { !$0.playable.isEmpty }) else {
            // Each file's first error, so that an author of a pack of broken levels learns
            // which and why (helper-62 read only "no playable level found").
            for pack in packs {
                for case .broken(let name, _) in pack.items {
                    if case .failure(let error) = LevelFiles.load(path: name).result, let first = error.diagnostics.first {
                        printError(first.description)
                    }
                }
            }
            let check = pack.map { "; bloq validate \(Self.shellWord($0)) lists every error" } ?? ""
            printError("bloq: no playable level found\(check)")
            throw ExitStatus.invalidData
        }
        return .given(packs)
    }

    /// `--watch` on a file that does not load yet: its errors on standard error, then the
    /// window opens as soon as a saved version loads (each new set of errors is printed as
    /// it comes). Only a regular file's text is waited for: a missing path, a folder or a
    /// FIFO is a wrong path, an error at once; and nothing waits without a display.
    private func waitForLoadableLevel(_ level: String) throws -> (pack: PackEntry, warnings: [Diagnostic]) {
        do {
            return try LevelCatalog.single(level: level)
        } catch let error as LevelCatalog.LoadError where RegularFile.kind(level) == .regular {
            printError(error.description)
            // Without a display the wait would only end in that error: say it now.
            if !Self.stopsAfterFirstFrame, let noDisplay = SDLWindow.displayError() {
                printError("bloq: \(noDisplay)")
                throw ExitCode.failure
            }
            printError("bloq: waiting for \(level) to load: fix it and save, and the game opens (Ctrl+C stops)")
            let watcher = FileWatcher(path: level)
            defer { watcher.stop() }
            var shown = error.description
            while true {
                usleep(20_000)
                if let signal = QuitSignals.pending {
                    QuitSignals.acknowledge()
                    printError("bloq: \(QuitSignals.name(signal)) received: stopped waiting for \(level)")
                    throw ExitCode(128 + signal)
                }
                guard watcher.takeChange() else { continue }
                do {
                    return try LevelCatalog.single(level: level)
                } catch let error as LevelCatalog.LoadError {
                    if error.description != shown, !LevelFiles.isMissing(level) {
                        printError(error.description)
                        shown = error.description
                    }
                }
            }
        }
    }
}

/// The themes a screenshot can be drawn in (`bloq play --theme`).
public enum ScreenshotTheme: String, ExpressibleByArgument, CaseIterable, Sendable {
    case light, dark

    var setting: ThemeSetting { self == .light ? .light : .dark }
}

/// The contrasts a screenshot can be drawn in (`bloq play --contrast`).
public enum ScreenshotContrast: String, ExpressibleByArgument, CaseIterable, Sendable {
    case normal, high

    var setting: ContrastSetting { self == .high ? .high : .normal }
}
