import BloqFiles
import BloqGame
import Foundation
import Testing

@Suite("Saved progress")
struct ProgressStoreTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bloq-progress-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    let id = "0123456789abcdef"

    @Test("a save loads back whole; the best stars, moves and time are kept")
    func roundTrip() throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = ProgressStore(folder: path)
        var progress = SavedProgress()
        progress.recordClear(level: id, stars: 2, moves: 12, time: 40)
        progress.recordClear(level: id, stars: 3, moves: 9, time: 55)
        progress.unfinished["fedcba9876543210"] = UnfinishedLine(
            log: [Move(row: 1, column: 2, direction: .left)], playTime: 3.5, usedHint: true)
        try store.save(progress)
        let (loaded, warnings) = store.load()
        #expect(warnings.isEmpty)
        #expect(loaded == progress)
        #expect(loaded.levels[id] == LevelRecord(bestStars: 3, bestMoves: 9, bestTime: 40, cleared: true))
    }

    @Test("a corrupt file is moved aside with a warning and the previous save is used")
    func corrupt() throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = ProgressStore(folder: path)
        var first = SavedProgress()
        first.recordClear(level: id, stars: 1, moves: 20, time: 10)
        try store.save(first)
        var second = first
        second.recordClear(level: id, stars: 3, moves: 9, time: 10)
        try store.save(second)
        try Data("{\"version\": 1, \"levels\": {".utf8).write(to: URL(fileURLWithPath: path + "/progress.json"))
        let (loaded, warnings) = store.load()
        #expect(loaded == first, "falls back to the previous good save")
        #expect(warnings.count == 1 && warnings[0].contains("not valid progress JSON"))
        let files = try FileManager.default.contentsOfDirectory(atPath: path)
        #expect(files.contains { $0.hasPrefix("progress.json.corrupt-") }, "the bad file is kept aside, not deleted")
    }

    @Test("hostile values and huge files are never trusted")
    func hostile() throws {
        let path = try folder()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = ProgressStore(folder: path)
        let hostile = "{\"version\": 1, \"levels\": {\"\(id)\": {\"bestStars\": 99, \"cleared\": true}}, \"unfinished\": {}}"
        try Data(hostile.utf8).write(to: URL(fileURLWithPath: path + "/progress.json"))
        var (loaded, warnings) = store.load()
        #expect(loaded == SavedProgress())
        #expect(warnings.first?.contains("out of range") == true)
        try Data(count: ProgressStore.maximumFileSize + 10).write(to: URL(fileURLWithPath: path + "/progress.json"))
        (loaded, warnings) = store.load()
        #expect(loaded == SavedProgress())
        #expect(warnings.first?.contains("more than") == true)
    }

    @Test("the first level is open; a clear opens the next two")
    func unlocking() {
        var progress = SavedProgress()
        let pack = ["a", "b", "c", "d", "e"].map { String(repeating: $0, count: 16) }
        #expect(progress.unlocked(pack) == [true, false, false, false, false])
        progress.recordClear(level: pack[0], stars: 1, moves: 5, time: 1)
        #expect(progress.unlocked(pack) == [true, true, true, false, false])
        progress.recordClear(level: pack[2], stars: 1, moves: 5, time: 1)
        #expect(progress.unlocked(pack) == [true, true, true, true, true])
    }

    @Test("the default folder follows XDG_DATA_HOME")
    func folders() {
        #expect(ProgressStore.defaultFolder(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]) == "/x/data/bloq")
        #expect(ProgressStore.defaultFolder(environment: ["HOME": "/h"]) == "/h/.local/share/bloq")
        #expect(ProgressStore.defaultFolder(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]) == "/h/.local/share/bloq")
    }
}
