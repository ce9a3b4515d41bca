import ArgumentParser
import BloqFiles
import BloqGame
import Foundation

/// For the crash-safety test: saves progress in a loop, each save with a counter one
/// higher, printing "saved N" after each completed save, until killed.
struct SaveTorture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save-torture", abstract: "Save progress in a loop until killed (crash-safety test).")

    @Option(help: ArgumentHelp("The folder to save progress.json in.", valueName: "DIR"))
    var folder: String

    static let counterLevel = "0000000000000000"

    func run() throws {
        let store = ProgressStore(folder: folder)
        var (progress, warnings) = store.load()
        for warning in warnings { printError("warning: \(warning)") }
        var counter = progress.levels[Self.counterLevel]?.bestMoves ?? 0
        // Some bulk, so a save takes long enough to be killed in the middle of.
        for index in 0..<200 {
            progress.unfinished[String(format: "%016x", index + 1)] = UnfinishedLine(
                log: (0..<20).map { BloqGame.Move(row: $0 % 4, column: $0 % 3, direction: .left) }, playTime: 1, usedHint: false)
        }
        while true {
            counter += 1
            progress.levels[Self.counterLevel] = LevelRecord(bestStars: 1, bestMoves: counter, bestTime: 1, cleared: true)
            try store.save(progress)
            print("saved \(counter)")
            fflush(nil)
        }
    }
}
