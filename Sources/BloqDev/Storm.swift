import ArgumentParser
import BloqEngine
import BloqFiles
import BloqGame
import BloqPlay
import BloqSDL
import Foundation

/// Input storms: long seeded random scripts through the real replay pipeline, with the
/// invariants checked after every simulation step (docs/reliability.md).
struct Storm: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run random input storms through the game and check its invariants after every step.")

    @Option(help: "The seed.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("How many events in all.", valueName: "N"))
    var events = 100_000

    @Option(help: ArgumentHelp("Events per script (each script stays within the replay limits).", valueName: "N"))
    var chunk = 50_000

    @Option(help: ArgumentHelp("The level to storm (default: a roomy 5x5 board with walls).", valueName: "FILE"))
    var level: String?

    @Option(help: ArgumentHelp("Write the first script to FILE (to replay a failure).", valueName: "FILE"))
    var dump: String?

    static let roomy = Board(["R.B#G", "..R.B", "G.#O.", "#B.G.", "O.R.O"])

    func validate() throws {
        guard (1...1_000_000_000).contains(events) else { throw ValidationError("--events must be from 1 to 1000000000, not \(events)") }
        // A longer script would pass the replay limit of one hour of simulated time.
        guard (1...50_000).contains(chunk) else { throw ValidationError("--chunk must be from 1 to 50000, not \(chunk)") }
    }

    func run() throws {
        guard let board = level.map({ LevelFiles.load(path: $0).level?.board }) ?? Self.roomy else {
            printError("\(level ?? "the roomy board"): cannot be loaded")
            throw ExitCode(65)
        }
        let level = PlayableLevel(name: "storm", level: Level(title: "Storm", board: board))
        let app = AppController(
            environment: AppEnvironment(packs: [PackEntry(title: "Storm", items: [.playable(level)])]),
            viewport: Size(width: 800, height: 600), singleLevel: true)
        guard let game = app.game else { throw ExitCode(65) }
        /// Runs `script` through the game loop, checking the invariants after every step.
        func storm(_ script: InputScript, _ stage: String) throws {
            let platform = ScriptPlatform(script: script, app: app, size: (800, 600))
            let loop = GameLoop(app: app, platform: platform)
            loop.run(
                while: {
                    guard let problem = invariants.check(game) else { return true }
                    failure = "seed \(seed), \(stage), step \(invariants.steps): \(problem)"
                    return false
                }, limit: .max)
            if let error = platform.error { throw ValidationError("\(stage): line \(error.line): \(error.message)") }
        }
        var invariants = StormInvariants(start: board)
        var failure: String?
        let started = Date()
        var done = 0
        var round: UInt64 = 0
        while done < events, failure == nil {
            let count = min(max(chunk, 1), events - done)
            let script = InputStorm.script(seed: seed &* 1_000_003 &+ round, events: count, rows: board.rows, columns: board.columns)
            if round == 0, let dump { try? script.text.write(toFile: dump, atomically: true, encoding: .utf8) }
            try storm(script, "script \(round)")
            done += count
            round += 1
        }
        // Input stops: every pointer is taken away, then everything must settle.
        if failure == nil {
            try storm(
                InputScript(events: [InputScript.Event(time: 0, action: .cancel), InputScript.Event(time: 10_000, action: .end)]),
                "settling")
            if failure == nil, let problem = game.scene.settledProblem() { failure = "seed \(seed), after input stopped: \(problem)" }
        }
        let seconds = Date().timeIntervalSince(started)
        print(
            "storm: \(done) events, \(invariants.steps) steps checked, \(game.scene.session.moves) moves in the final line, "
                + String(format: "%.1f s", seconds))
        if let failure {
            printError("storm: FAILED: \(failure)")
            throw ExitCode.failure
        }
        print("storm: every invariant held")
    }
}
