import ArgumentParser
import BloqBench
import BloqFiles
import BloqGame
import Foundation

/// For the line-of-play test: plays a level move after move as the shell does, handing the
/// progress after each committed move to the `SaveService` (`.soon`, as the shell does),
/// and prints "handed N AT" after move N (AT: CLOCK_MONOTONIC seconds, which the test reads
/// too), until killed. A test kills it with SIGKILL and checks that the file holds every
/// line handed in more than the service's bound before the kill.
struct LineTorture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "line-torture", abstract: "Hand the line of play to the save service move after move until killed (line-of-play test)."
    )

    @Option(help: ArgumentHelp("The folder of progress.json.", valueName: "DIR"))
    var folder: String

    @Option(help: ArgumentHelp("Milliseconds between moves.", valueName: "MS"))
    var interval = 20

    @Option(help: ArgumentHelp("Moves before it stops handing in lines and waits to be killed.", valueName: "N"))
    var moves = 100

    func validate() throws {
        guard (1...10_000).contains(moves) else { throw ValidationError("--moves must be from 1 to 10000") }
        guard (0...10_000).contains(interval) else { throw ValidationError("--interval must be from 0 to 10000") }
    }

    /// The level it plays (its identity keys the line in the file).
    static let board = Board(["R.R", "...", ".R."])

    func run() throws {
        guard let board = Self.board else { throw ExitCode.failure }
        let level = PlayableLevel(name: "line-torture", level: Level(title: "Line torture", board: board))
        let saves = SaveService(store: ProgressStore(folder: folder))
        var progress = PlayerProgress()
        var stamp = 0.0
        for count in 1...moves {
            var line = UnfinishedLine(
                log: (0..<count).map { BloqGame.Move(row: $0 % 3, column: 0, direction: .right) }, playTime: Double(count),
                usedHint: false)
            stamp = max(Date().timeIntervalSince1970, stamp + 0.001)
            line.savedAt = stamp
            progress.setUnfinished(level: level.level.board.identity, line, at: stamp)
            saves.save(progress, .soon)
            print("handed \(count) \(BenchClock.now())")
            fflush(nil)
            usleep(UInt32(interval * 1000))
        }
        print("handed all")
        fflush(nil)
        while true { sleep(60) }
    }
}
