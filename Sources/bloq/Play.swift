import ArgumentParser
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import BloqSDL
import Foundation

struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the game window (the default command).",
        discussion: """
            Without --level or --pack the game opens on its title screen with the shipped packs (easy, \
            medium, hard) and your own, from $XDG_DATA_HOME/bloq/levels/. Data (levels) is found with \
            --data DIR, then $BLOQ_DATA, then next to the executable, then the source tree. Screens for \
            --screen: title, levels, settings, help, play, cleared, preview, symbols (play with colour-blind symbols), about.
            """)

    @Option(help: ArgumentHelp("Play one level file.", valueName: "FILE"))
    var level: String?

    @Option(help: ArgumentHelp("Play a folder of levels in order.", valueName: "DIR"))
    var pack: String?

    @Option(help: ArgumentHelp("Window size in pixels, WIDTHxHEIGHT (160 to 8192 each).", valueName: "WxH"))
    var window: WindowSize?

    @Flag(help: "Start in fullscreen.")
    var fullscreen = false

    @Option(help: ArgumentHelp("Render the first settled frame to a PNG without a display, then exit.", valueName: "OUT.png"))
    var screenshot: String?

    @Option(
        help: ArgumentHelp("The screen to show: title, levels, settings, help, play, cleared, preview, symbols, about.", valueName: "NAME"))
    var screen: ShotScreen?

    @Option(help: ArgumentHelp("The folder that holds levels/ (overrides the search path).", valueName: "DIR"))
    var data: String?

    @Option(
        help: ArgumentHelp("Write what the player does on the first level played as an input script for bloq replay.", valueName: "SCRIPT"))
    var record: String?

    func validate() throws {
        try window?.check()
        if level != nil, pack != nil { throw ValidationError("give --level or --pack, not both") }
        if screen != nil, screenshot == nil { throw ValidationError("--screen goes with --screenshot OUT.png") }
    }

    func run() throws {
        var packs: [PackEntry]
        do {
            if let level {
                let single = try LevelCatalog.single(level: level)
                for warning in single.warnings { printError(warning.description) }
                packs = [single.pack]
            } else if let pack {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: pack, isDirectory: &isFolder), isFolder.boolValue else {
                    printError("\(pack): no such folder; --pack takes a folder of .bloq files")
                    throw ExitStatus.missingInput
                }
                let loaded = try LevelCatalog.loadPack(folder: pack)
                for warning in loaded.warnings { printError(warning.description) }
                packs = [loaded.pack]
            } else {
                packs = LevelCatalog.shippedPacks(dataFolder: try DataLocator(explicit: data).locate())
                if screenshot == nil { packs += LevelCatalog.playerPacks() }
            }
        } catch let error as LevelCatalog.LoadError {
            printError(error.description)
            throw level.map { LevelFiles.exists($0) } == false ? ExitStatus.missingInput : ExitStatus.invalidData
        } catch let error as DataLocatorError {
            printError("bloq: \(error)")
            throw ExitStatus.missingInput
        }
        guard packs.contains(where: { !$0.playable.isEmpty }) else {
            printError("bloq: no playable level found")
            throw ExitStatus.invalidData
        }
        // Screenshots never read or write the player's progress or settings.
        let settingsStore = screenshot == nil ? SettingsStore(folder: SettingsStore.defaultFolder()) : nil
        var settings = Settings()
        if let settingsStore {
            let loaded = settingsStore.load()
            if let warning = loaded.warning { printError("bloq: warning: \(warning)") }
            settings = loaded.settings
        }
        if fullscreen { settings.fullscreen = true }
        let size =
            window
            ?? WindowSize(
                width: screenshot == nil ? settings.windowWidth ?? 900 : 800, height: screenshot == nil ? settings.windowHeight ?? 700 : 600
            )
        let book =
            screenshot == nil ? PlayerProgress(store: ProgressStore(folder: ProgressStore.defaultFolder())) : PlayerProgress(store: nil)
        let startScreen: Screen = level != nil || pack != nil ? .play : (screen?.screen ?? .title)
        let app = AppController(
            packs: packs.filter { !$0.items.isEmpty }, settings: settings,
            viewport: Size(width: Double(size.width), height: Double(size.height)),
            screen: startScreen, startLevel: 0, solverMode: screenshot == nil ? .background : .deterministic, progress: book)
        if screenshot == nil, startScreen == .play, let first = app.currentPack {
            // Resume where the player was in a pack given on the command line.
            let index = app.continueIndex
            if index > 0, first.playable.count > index { app.activate(.continueLevel) }
        }
        app.onSettingsChanged = { settings in try? settingsStore?.save(settings) }
        app.version = BloqVersion.current
        let options = WindowOptions(width: size.width, height: size.height, fullscreen: settings.fullscreen, headless: screenshot != nil)
        let window: GameApp
        do {
            window = try GameApp(app: app, options: options)
        } catch {
            printError("bloq: \(error)")
            throw ExitCode.failure
        }
        if let screenshot {
            (screen ?? .play).prepare(app, window)
            do {
                try window.saveScreenshot(to: screenshot)
            } catch {
                printError("bloq: \(error)")
                throw ExitCode.failure
            }
            return
        }
        if record != nil { window.startRecording() }
        window.run()
        app.leaveLevel()
        var final = app.settings
        if !final.fullscreen {
            final.windowWidth = window.windowSize.width
            final.windowHeight = window.windowSize.height
        }
        try? settingsStore?.save(final)
        if let record, let script = window.recordedScript() {
            do {
                try script.text.write(toFile: record, atomically: true, encoding: .utf8)
                let name = app.game?.levels.first?.name ?? "LEVEL.bloq"
                printError(
                    "bloq: recorded \(script.events.count - 1) events to \(record); replay with: bloq replay \(record) --level \(name)")
            } catch {
                printError("bloq: cannot write the recording to \(record): \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }
    }
}

/// The screens `--screen` can render, each set up in a fixed, deterministic way.
enum ShotScreen: String, ExpressibleByArgument, CaseIterable {
    case title, levels, settings, help, play, cleared, preview, symbols, about

    var screen: Screen {
        switch self {
        case .title, .help: .title
        case .levels, .preview: .levels
        case .settings: .settings
        case .about: .about
        case .play, .cleared, .symbols: .play
        }
    }

    /// Brings the app to the state this screen shows.
    func prepare(_ app: AppController, _ window: GameApp) {
        window.pumpEvents()
        switch self {
        case .help:
            app.handle(.key(KeyChord("F1")))
        case .symbols:
            app.settings.colorBlindSymbols = true
        case .cleared:
            // The player's clear at par: the optimal moves pushed one by one.
            guard let game = app.game, case .solved(let moves) = Solver().solve(game.scene.board).outcome else { return }
            for move in moves {
                game.scene.perform(move)
                for _ in 0..<120 where game.scene.hasMovesInFlight { app.step(GameApp.step) }
            }
            for _ in 0..<(120 * 5) where !game.showsClearedOverlay { app.step(GameApp.step) }
            for _ in 0..<54 { app.step(GameApp.step) }  // the confetti mid-flight
        case .preview:
            guard let tile = app.buttons.first(where: { if case .tile(0) = $0.action { return true } else { return false } }) else {
                return
            }
            app.handle(.pointer(PointerEvent(pointer: .mouse, phase: .down, location: tile.rect.center, time: 0)))
            for _ in 0..<96 { app.step(GameApp.step) }
        default:
            break
        }
    }
}

/// The player's progress during `bloq play`: loaded at start, saved on every clear, when
/// leaving a level and on quit. Without a store (screenshots) it lives in memory only.
final class PlayerProgress: ProgressBook {
    let store: ProgressStore?
    var progress = SavedProgress()

    init(store: ProgressStore?) {
        self.store = store
        if let store {
            let (loaded, warnings) = store.load()
            for warning in warnings { printError("bloq: warning: \(warning)") }
            progress = loaded
        }
    }

    func bestStars(_ level: PlayableLevel) -> Int { progress.levels[level.level.board.identity]?.bestStars ?? 0 }

    func unlocked(_ levels: [PlayableLevel]) -> [Bool] { progress.unlocked(levels.map(\.level.board.identity)) }

    func resume(_ level: PlayableLevel) -> UnfinishedLine? {
        progress.unfinished[level.level.board.identity]
    }

    func cleared(_ level: PlayableLevel, moves: Int, stars: Int, time: Double) {
        progress.recordClear(level: level.level.board.identity, stars: stars, moves: moves, time: time, at: Date().timeIntervalSince1970)
        save()
    }

    func leaving(_ level: PlayableLevel, line: UnfinishedLine?) {
        progress.setUnfinished(level: level.level.board.identity, line, at: Date().timeIntervalSince1970)
        save()
    }

    /// Merges into the file (another window's progress is kept, never overwritten) and
    /// adopts the result, so this window sees the other's clears too.
    private func save() {
        guard let store else { return }
        do {
            progress = try store.save(progress).progress
        } catch {
            printError("bloq: warning: \(error); your progress since the last save is kept in memory only")
        }
    }
}
