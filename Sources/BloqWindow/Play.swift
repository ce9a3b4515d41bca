import ArgumentParser
import BloqCLI
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import BloqSDL
import FoundationEssentials
import Glibc

/// `bloq play` in the window process: the game in a window, or a screenshot of a screen.
extension Play {
    func openWindow() throws {
        let live = screenshot == nil
        let folders = PlayerFolders.standard()
        let packs = try loadPacks(playerFolders: live ? folders : nil)
        StartupTrace.mark("packs loaded")
        // Screenshots never read or write the player's progress or settings.
        var settings = Settings()
        var notice: String?
        var settingsStore: SettingsStore?
        let book: ProgressLedger
        if live {
            let player = folders.open()
            for warning in player.warnings { printError("bloq: warning: \(warning)") }
            settings = player.settings
            settingsStore = player.settingsStore
            notice = player.notice
            book = player.ledger
        } else {
            book = ProgressLedger()
        }
        if fullscreen { settings.fullscreen = true }
        let remembered = window == nil && live && settings.windowWidth != nil
        let size = window ?? WindowSize(width: live ? settings.windowWidth ?? 900 : 800, height: live ? settings.windowHeight ?? 700 : 600)
        let app = AppController(
            packs: packs, settings: settings, viewport: Size(width: Double(size.width), height: Double(size.height)), progress: book,
            solverMode: live ? .background : .deterministic, startNotice: notice)
        app.version = BloqVersion.current
        app.todayProvider = try DateOption.today(date)
        // Live, today's board is made at once, off the render thread, so Daily opens at once.
        if live, let today = app.today { app.prepareDaily(today) }
        // Where settings live (a screenshot saves none, but shows where the game would).
        app.settingsPath = PlayerFolders.displayPath(SettingsStore(folder: folders.config).path)
        app.onSettingsChanged = { settings in try? settingsStore?.save(settings) }
        if live {
            // The editor saves into the player's packs; the list reads them again when it
            // lists them (not for a level or folder given on the command line).
            let listsPlayersPacks = level == nil && pack == nil && code == nil
            let root = listsPlayersPacks ? try? DataLocator(explicit: data).locate() : nil
            PlayerLevelHooks.install(on: app, dataRoot: root, folders: folders)
        }
        if level != nil || pack != nil || code != nil {
            // A level or pack from the command line opens on the board, where the player was.
            app.continuePlaying()
        } else if let screen, screen.opensBoard {
            app.openLevel(pack: 0, level: 0)
        }
        let options = WindowOptions(
            width: size.width, height: size.height, fullscreen: settings.fullscreen, headless: !live, fitToDisplay: remembered)
        StartupTrace.mark("packs and progress read")
        let game: GameApp
        do {
            game = try GameApp(app: app, options: options)
        } catch {
            printError("bloq: \(error)")
            throw ExitCode.failure
        }
        if let screenshot {
            (screen ?? .play).prepare(app, game)
            do {
                try game.saveScreenshot(to: screenshot)
            } catch {
                printError("bloq: \(error)")
                throw ExitCode.failure
            }
            return
        }
        if watch, let level {
            // Each saved version reloads; validate's solver checks run off the render thread.
            game.watchLevelFile(level) { LevelValidation.solverProblems($0, file: level) }
        }
        if record != nil { game.startRecording() }
        game.run()
        var final = app.settings
        if !final.fullscreen {
            final.windowWidth = game.windowSize.width
            final.windowHeight = game.windowSize.height
        }
        try? settingsStore?.save(final)
        if let record, let script = game.recordedScript() {
            do {
                try script.text.write(toFile: record, atomically: true, encoding: .utf8)
                let name = app.packs.first?.playable.first?.name ?? "LEVEL.bloq"
                printError(
                    "bloq: recorded \(script.events.count - 1) events to \(record); replay with: bloq replay \(record) --level \(name)")
            } catch {
                printError("bloq: cannot write the recording to \(record): \(Path.describe(error))")
                throw ExitCode.failure
            }
        }
    }

    /// The packs to list: a level or a pack from the command line, else the shipped packs
    /// and (live) the player's own.
    private func loadPacks(playerFolders: PlayerFolders?) throws -> [PackEntry] {
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
                packs = LevelCatalog.shippedPacks(dataFolder: try DataLocator(explicit: data).locate())
                if let playerFolders { packs += LevelCatalog.playerPacks(playerFolders) }
            }
        } catch let error as LevelCatalog.LoadError {
            printError(error.description)
            throw level.map { LevelFiles.exists($0) } == false ? ExitStatus.missingInput : ExitStatus.invalidData
        } catch let error as DataLocatorError {
            printError("bloq: \(error)")
            throw ExitStatus.missingInput
        }
        packs = packs.filter { !$0.items.isEmpty }
        guard packs.contains(where: { !$0.playable.isEmpty }) else {
            printError("bloq: no playable level found")
            throw ExitStatus.invalidData
        }
        return packs
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
            if let noDisplay = GameApp.displayError() {
                printError("bloq: \(noDisplay)")
                throw ExitCode.failure
            }
            printError("bloq: waiting for \(level) to load: fix it and save, and the game opens (Ctrl+C stops)")
            let watcher = FileWatcher(path: level)
            defer { watcher.stop() }
            var shown = error.description
            while true {
                usleep(20_000)
                guard watcher.takeChange() else { continue }
                do {
                    return try LevelCatalog.single(level: level)
                } catch let error as LevelCatalog.LoadError {
                    if error.description != shown, LevelFiles.exists(level) {
                        printError(error.description)
                        shown = error.description
                    }
                }
            }
        }
    }
}
