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
            Without --level or --pack the game plays the shipped easy pack. Data (levels) is \
            found with --data DIR, then $BLOQ_DATA, then next to the executable, then the source tree.
            """)

    @Option(help: ArgumentHelp("Play one level file.", valueName: "FILE"))
    var level: String?

    @Option(help: ArgumentHelp("Play a folder of levels in order.", valueName: "DIR"))
    var pack: String?

    @Option(help: ArgumentHelp("Window size in pixels, WIDTHxHEIGHT (160 to 8192 each).", valueName: "WxH"))
    var window: WindowSize?

    @Flag(help: "Start in fullscreen.")
    var fullscreen = false

    @Option(help: ArgumentHelp("Render the level's first settled frame to a PNG without a display, then exit.", valueName: "OUT.png"))
    var screenshot: String?

    @Option(help: ArgumentHelp("The folder that holds levels/ (overrides the search path).", valueName: "DIR"))
    var data: String?

    @Option(help: ArgumentHelp("Write what the player does on the first level as an input script for bloq replay.", valueName: "SCRIPT"))
    var record: String?

    func validate() throws {
        if level != nil, pack != nil { throw ValidationError("give --level or --pack, not both") }
    }

    func run() throws {
        let loaded: (levels: [PlayableLevel], warnings: [Diagnostic])
        do {
            loaded = try LevelCatalog.playable(level: level, pack: pack) { try DataLocator(explicit: data).locate() }
        } catch let error as LevelCatalog.LoadError {
            printError(error.description)
            throw level.map { LevelFiles.exists($0) } == false ? ExitStatus.missingInput : ExitStatus.invalidData
        } catch {
            printError("\(error)")
            throw ExitStatus.missingInput
        }
        for warning in loaded.warnings { printError(warning.description) }
        let size = window ?? WindowSize(width: 800, height: 600)
        let options = WindowOptions(
            width: size.width, height: size.height, fullscreen: fullscreen, headless: screenshot != nil)
        let viewport = Size(width: Double(size.width), height: Double(size.height))
        // Screenshots never read or write the player's progress.
        let progress = screenshot == nil ? PlayerProgress(levels: loaded.levels) : nil
        guard
            let game = GameController(
                levels: loaded.levels, index: progress?.startIndex ?? 0, viewport: viewport,
                solverMode: screenshot == nil ? .background : .deterministic, resume: progress?.resume)
        else { throw ExitStatus.invalidData }
        progress?.attach(to: game)
        let app: GameApp
        do {
            app = try GameApp(game: game, options: options)
        } catch {
            printError("bloq: \(error)")
            throw ExitCode.failure
        }
        if let screenshot {
            app.pumpEvents()
            do {
                try app.saveScreenshot(to: screenshot)
            } catch {
                printError("bloq: \(error)")
                throw ExitCode.failure
            }
            return
        }
        if record != nil { app.startRecording() }
        app.run()
        progress?.saveOnQuit(game)
        if let record, let script = app.recordedScript() {
            do {
                try script.text.write(toFile: record, atomically: true, encoding: .utf8)
                printError("bloq: recorded \(script.events.count - 1) events to \(record); replay with: bloq replay \(record) --level \(game.levels[0].name)")
            } catch {
                printError("bloq: cannot write the recording to \(record): \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }
    }
}

/// The player's progress for a pack of levels during `bloq play`: loaded at start, saved
/// on every clear, when leaving a level and on quit.
final class PlayerProgress {
    let store = ProgressStore(folder: ProgressStore.defaultFolder())
    var progress: SavedProgress
    let identities: [String]

    init(levels: [PlayableLevel]) {
        let (loaded, warnings) = store.load()
        for warning in warnings { printError("bloq: warning: \(warning)") }
        progress = loaded
        identities = levels.map { $0.level.board.identity }
    }

    /// Where the player was: the first level with an unfinished line, else the first open
    /// level not cleared yet, else the first.
    var startIndex: Int {
        if let index = identities.firstIndex(where: { progress.unfinished[$0] != nil }) { return index }
        let open = progress.unlocked(identities)
        return identities.indices.first { open[$0] && progress.levels[identities[$0]]?.cleared != true } ?? 0
    }

    func resume(_ level: PlayableLevel) -> ResumeState? {
        progress.unfinished[level.level.board.identity].map {
            ResumeState(log: $0.log, playTime: $0.playTime, usedHint: $0.usedHint)
        }
    }

    func attach(to game: GameController) {
        game.onCleared = { [unowned self] level, moves, stars, time in
            self.progress.recordClear(level: level.level.board.identity, stars: stars, moves: moves, time: time)
            self.save()
        }
        game.onLeavingLevel = { [unowned self] level, line in
            self.remember(level, line)
            self.save()
        }
        game.canOpen = { [unowned self] index in self.progress.unlocked(self.identities)[index] }
    }

    func saveOnQuit(_ game: GameController) {
        remember(game.current, game.unfinishedLine)
        save()
    }

    private func remember(_ level: PlayableLevel, _ line: ResumeState?) {
        let id = level.level.board.identity
        progress.unfinished[id] = line.map { UnfinishedLine(log: $0.log, playTime: $0.playTime, usedHint: $0.usedHint) }
    }

    private func save() {
        do {
            try store.save(progress)
        } catch {
            printError("bloq: warning: \(error); your progress since the last save is kept in memory only")
        }
    }
}
