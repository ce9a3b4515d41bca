import ArgumentParser
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import BloqSDL
import Foundation

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run an input script headless through the real input pipeline and print the final state.",
        discussion: """
            The script's events reach the game as live SDL events would (same translation, gestures, \
            animators and rules) on a fixed 1/120 s step, so the same script always gives the same result. \
            Exit status: 0, 65 for an invalid level or script, 66 for a missing file.
            """)

    @Argument(help: ArgumentHelp("The input script.", valueName: "SCRIPT"))
    var script: String

    @Option(help: ArgumentHelp("The level to play.", valueName: "FILE"))
    var level: String

    @Flag(help: "Print one JSON object: board, moves, cleared, log.")
    var json = false

    @Option(help: ArgumentHelp("Also render the final frame to a PNG.", valueName: "OUT.png"))
    var screenshot: String?

    @Option(help: ArgumentHelp("Window size in pixels, WIDTHxHEIGHT (overrides the script's).", valueName: "WxH"))
    var window: WindowSize?

    func validate() throws {
        try window?.check()
    }

    func run() throws {
        let loaded = LevelFiles.load(path: level)
        let playable: Level
        switch loaded.result {
        case .success(let value): playable = value
        case .failure(let error):
            printError(error.description)
            throw LevelFiles.isMissing(level) ? ExitStatus.missingInput : ExitStatus.invalidData
        }
        for warning in playable.warnings { printError(warning.description) }
        // Only a regular file, and never more than one byte past the limit.
        let bytes: [UInt8]
        switch RegularFile.read(script, limit: InputScript.maximumFileSize) {
        case .success(let contents): bytes = contents
        case .failure(.tooLarge(let size)):
            printError(InputScript.tooLarge(name: script, size: size).description)
            throw ExitStatus.invalidData
        case .failure(let failure):
            // A file-level problem is at 1:1 (as for level files); a missing script keeps
            // the script format's SCRIPT:LINE.
            printError(failure.isMissing ? "\(script):1: error: no such file" : "\(script):1:1: error: \(failure.message(noun: "script"))")
            throw failure.isMissing ? ExitStatus.missingInput : ExitStatus.invalidData
        }
        let parsed: InputScript
        switch InputScript.parse(bytes, name: script) {
        case .success(let value): parsed = value
        case .failure(let error):
            printError(error.description)
            throw ExitStatus.invalidData
        }
        let size = window ?? parsed.window.map { WindowSize(width: $0.width, height: $0.height) } ?? WindowSize(width: 800, height: 600)
        let app: GameApp
        do {
            app = try GameApp(
                level: PlayableLevel(name: level, level: playable),
                options: WindowOptions(width: size.width, height: size.height, headless: true))
        } catch {
            printError("bloq: \(error)")
            throw ExitCode.failure
        }
        app.replay(parsed)
        guard let session = app.game?.scene.session else { throw ExitStatus.invalidData }
        if json {
            print(
                "{\"board\": \(JSON.board(session.board)), \"moves\": \(session.moves), \"cleared\": \(session.isCleared), \"log\": \(JSON.moves(session.log))}"
            )
        } else {
            print("board:")
            for line in session.board.lines { print("  \(line)") }
            print("moves: \(session.moves)")
            print("cleared: \(session.isCleared ? "yes" : "no")")
            print("log: \(session.log.isEmpty ? "(none)" : session.log.map(Self.describe).joined(separator: ", "))")
        }
        if let screenshot {
            do {
                try app.saveScreenshot(to: screenshot)
            } catch {
                printError("bloq: \(error)")
                throw ExitCode.failure
            }
        }
    }

    static func describe(_ move: Move) -> String { "row \(move.from.row) col \(move.from.column) \(move.direction.rawValue)" }
}
