import ArgumentParser
import BloqFiles
import BloqGame
import Foundation

/// For the crash-safety and two-writer tests: saves progress in a loop, as one game window
/// would, printing "saved N" after each completed save N, until killed (or until --saves).
///
/// Save N of writer W does what a window does on a clear: it clears a level of its own
/// (`clearedLevel(W, N)`) and saves its unfinished line on another (`counterLevel(W)`),
/// stamped N, so the file's counter line says how far W got. Each save merges into the file,
/// so several writers share one folder; a writer that starts again continues after the
/// counter the file holds. A test then checks that every save a writer reported is in the
/// file: its clear, and a counter at least that high.
struct SaveTorture: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save-torture", abstract: "Save progress in a loop until killed (crash-safety and two-writer tests).")

    @Option(help: ArgumentHelp("The folder to save progress.json in.", valueName: "DIR"))
    var folder: String

    @Option(help: ArgumentHelp("This writer's number, 0 to 14 (writers sharing a folder need different numbers).", valueName: "W"))
    var writer = 0

    @Option(help: ArgumentHelp("Stop after this many saves in this run (default: until killed).", valueName: "N"))
    var saves: Int?

    func validate() throws {
        guard (0...14).contains(writer) else { throw ValidationError("--writer must be from 0 to 14, not \(writer)") }
        if let saves, saves < 1 { throw ValidationError("--saves must be at least 1, not \(saves)") }
    }

    /// The level whose unfinished line carries writer `writer`'s counter.
    static func counterLevel(_ writer: Int) -> String { String(format: "f%015x", writer) }

    /// The level writer `writer` clears in its save number `number`.
    static func clearedLevel(_ writer: Int, _ number: Int) -> String { String(format: "%x%015x", writer, number) }

    /// How far writer `writer` got, as `progress` records it.
    static func counter(_ progress: PlayerProgress, writer: Int) -> Int {
        Int(progress.unfinished[counterLevel(writer)]?.savedAt ?? 0)
    }

    func run() throws {
        let store = ProgressStore(folder: folder)
        var (progress, warnings) = store.load()
        for warning in warnings { printError("warning: \(warning)") }
        var counter = Self.counter(progress, writer: writer)
        // Some bulk, so a save takes long enough to be killed in the middle of.
        for index in 0..<200 {
            progress.unfinished[String(format: "e%015x", index)] = UnfinishedLine(
                log: (0..<20).map { BloqGame.Move(row: $0 % 4, column: $0 % 3, direction: .left) }, playTime: 1, usedHint: false,
                savedAt: 1)
        }
        var done = 0
        while saves.map({ done < $0 }) ?? true {
            counter += 1
            progress.recordClear(level: Self.clearedLevel(writer, counter), stars: 1 + counter % 3, moves: counter, time: 1, at: 1)
            progress.setUnfinished(
                level: Self.counterLevel(writer), UnfinishedLine(log: [], playTime: 0, usedHint: false, savedAt: Double(counter)),
                at: Double(counter))
            progress = try Self.save(progress, to: store)
            done += 1
            print("saved \(counter)")
            fflush(nil)
        }
    }

    /// Saves as the game does. When another copy holds the lock past its timeout (a busy
    /// machine), the store keeps the progress in its journal beside the file, which is on
    /// disk as surely and is merged by the next save or load: that counts as saved. A save
    /// that fails outright (the journal could not be written either) is tried again, at
    /// most 10 times, as the game saves it again with its next change.
    static func save(_ progress: PlayerProgress, to store: ProgressStore) throws -> PlayerProgress {
        for attempt in 1...10 {
            do {
                return try store.save(progress).progress
            } catch let error as ProgressStore.SaveError where attempt < 10 {
                printError("warning: \(error); saving again (attempt \(attempt + 1) of 10)")
            }
        }
        return try store.save(progress).progress
    }
}
