import BloqFiles
import BloqGame
import BloqTestSupport
import Foundation
import Testing

@Suite("Saved progress")
struct ProgressStoreTests {
    /// This test's scratch folders, removed after it.
    let scratch: Scratch

    init() throws { scratch = try Scratch("bloq-files") }

    func folder() throws -> String { try scratch.newFolder("bloq-progress") }

    let id = "0123456789abcdef"

    @Test("a save loads back whole; the best stars, moves and time are kept")
    func roundTrip() throws {
        let path = try folder()
        let store = ProgressStore(folder: path)
        var progress = PlayerProgress()
        progress.recordClear(level: id, stars: 2, moves: 12, time: 40)
        progress.recordClear(level: id, stars: 3, moves: 9, time: 55)
        progress.unfinished["fedcba9876543210"] = UnfinishedLine(
            log: [Move(row: 1, column: 2, direction: .left)], playTime: 3.5, usedHint: true)
        // A line played after the solution was shown, and one the solver was playing.
        progress.unfinished["fedcba9876543211"] = UnfinishedLine(
            log: [Move(row: 0, column: 1, direction: .up)], playTime: 1, usedHint: true, sawSolution: true)
        progress.unfinished["fedcba9876543212"] = UnfinishedLine(
            log: [Move(row: 2, column: 0, direction: .right)], playTime: 2, usedHint: false, showedSolution: true)
        try store.save(progress)
        let (loaded, warnings) = store.load()
        #expect(warnings.isEmpty)
        #expect(loaded == progress)
        #expect(
            loaded.levels[id]
                == LevelRecord(
                    bestStars: 3, bestMoves: 9, bestTime: 40, cleared: true,
                    tally: .init(clears: 2, moves: 21, time: 95)))
    }

    @Test("a file that is not JSON is moved aside with a warning and the previous save is used")
    func corrupt() throws {
        let path = try folder()
        let store = ProgressStore(folder: path)
        var first = PlayerProgress()
        first.recordClear(level: id, stars: 1, moves: 20, time: 10)
        try store.save(first)
        var second = first
        second.recordClear(level: id, stars: 3, moves: 9, time: 10)
        try store.save(second)
        try Data("{\"version\": 1, \"levels\": {".utf8).write(to: URL(fileURLWithPath: path + "/progress.json"))
        let loaded = store.loadReport()
        #expect(loaded.progress == first, "falls back to the previous good save")
        let damage = try #require(loaded.damage)
        #expect(damage.unreadable?.english.contains("not valid progress JSON") == true)
        #expect(damage.unreadable?.shown == "it is not valid progress JSON", "the phrase, without the JSON grammar")
        #expect(damage.fellBackToPrevious)
        // What is wrong, without the JSON grammar of why (standard error has it, `details`).
        #expect(damage.sentence.hasPrefix("Your progress could not be read (it is not valid progress JSON); the file was kept as "))
        #expect(damage.details.contains { $0.contains("it is not valid progress JSON (the text is not JSON: ") }, "\(damage.details)")
        #expect(damage.sentence.hasSuffix("and your previous save is used."))
        let files = try FileManager.default.contentsOfDirectory(atPath: path)
        #expect(files.contains { $0.hasPrefix("progress.json.corrupt-") }, "the bad file is kept aside, not deleted")
    }

    @Test("one bad record is dropped, the rest loads, the file is kept aside and the sentence says how many")
    func partialDamage() throws {
        let path = try folder()
        let other = "fedcba9876543210"
        let damaged = """
            {"version": 1, "levels": {"\(id)": {"bestStars": 4, "cleared": true}, "\(other)": {"bestStars": 2, "bestMoves": 7, "cleared": true},
             "not-an-id": {"bestStars": 1, "cleared": true}, "aaaaaaaaaaaaaaaa": "junk"}}
            """
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: path + "/progress.json"))
        let store = ProgressStore(folder: path)
        let loaded = store.loadReport()
        #expect(loaded.progress.levels.keys.sorted() == [other], "the good record loads; the missing 'unfinished' key is no damage")
        #expect(loaded.progress.levels[other]?.bestMoves == 7)
        let damage = try #require(loaded.damage)
        #expect(damage.droppedRecords == 3)
        let kept = try #require(damage.keptAs)
        #expect(damage.sentence == "3 records in your progress could not be read; the file was kept as \(kept).")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == damaged, "the moved-aside copy holds every record")
        // Repaired: the next start is clean and still has the good record.
        let again = store.loadReport()
        #expect(again.damage == nil)
        #expect(again.progress.levels[other]?.bestStars == 2)
    }

    @Test("a file of a newer version: its records are read, and the sentence says so")
    func newerVersion() throws {
        let path = try folder()
        let file = "{\"version\": 2, \"levels\": {\"\(id)\": {\"bestStars\": 3, \"cleared\": true}}, \"unfinished\": {}}"
        try Data(file.utf8).write(to: URL(fileURLWithPath: path + "/progress.json"))
        let loaded = ProgressStore(folder: path).loadReport()
        #expect(loaded.progress.levels[id]?.bestStars == 3)
        #expect(loaded.damage?.foreignVersion == 2)
        #expect(loaded.damage?.sentence.hasPrefix("Your progress was saved by a newer Bloq (file version 2)") == true)
    }

    @Test("huge files are never trusted, and their size is told truly")
    func hostile() throws {
        let path = try folder()
        let store = ProgressStore(folder: path)
        try Data(count: ProgressStore.maximumFileSize + 10).write(to: URL(fileURLWithPath: path + "/progress.json"))
        let loaded = store.loadReport()
        #expect(loaded.progress == PlayerProgress())
        #expect(loaded.damage?.unreadable == "it is 16777226 bytes, more than the 16777216 bytes a progress file may be")
        #expect(loaded.damage?.unreadable?.shown == "it is 16777226 bytes, more than the 16777216 bytes it may be")
    }

    @Test("a progress.json made read-only is left as it is; progress goes beside it, and into it once writable again")
    func readOnly() throws {
        let path = try folder()
        let store = ProgressStore(folder: path)
        var progress = PlayerProgress()
        progress.recordClear(level: "0000000000000001", stars: 3, moves: 1, time: 1)
        _ = try store.save(progress)
        let file = path + "/progress.json"
        #expect(chmod(file, 0o444) == 0)
        var before = stat()
        stat(file, &before)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        progress.recordClear(level: "0000000000000002", stars: 2, moves: 5, time: 9)
        let saved = try store.save(progress)
        #expect(saved.journaled?.reason.contains("read-only") == true, "\(saved)")
        var after = stat()
        stat(file, &after)
        #expect(after.st_ino == before.st_ino && after.st_mode == before.st_mode, "the same file, still read-only")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes, "its bytes untouched")
        #expect(store.loadReport().progress.levels["0000000000000002"]?.cleared == true, "nothing lost: the clear is beside it")
        #expect(!store.mergeJournal(), "the merge at quit leaves it too")
        var loaded = stat()
        stat(file, &loaded)
        #expect(loaded.st_ino == before.st_ino, "a load and the merge at quit left the read-only file as it is")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
        #expect(chmod(file, 0o644) == 0)
        let again = try store.save(progress)
        #expect(again.journaled == nil)
        guard case .sound(let written) = ProgressFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: file)))) else {
            Issue.record("the file is not sound progress")
            return
        }
        #expect(written.levels["0000000000000002"]?.cleared == true, "made writable, the next save merged it in")
    }

    @Test("a FIFO progress.json is not read (no hang) and is left where it is: the game never made it")
    func fifo() throws {
        let path = try folder()
        #expect(mkfifo(path + "/progress.json", 0o644) == 0)
        let loaded = ProgressStore(folder: path).loadReport()
        #expect(loaded.progress == PlayerProgress())
        #expect(loaded.damage?.cannotRead == "it is not a regular file but a named pipe; move it away")
        // The title screen says it in the phrase its catalogs translate; standard error, as above.
        #expect(loaded.damage?.cannotRead?.shown == "it is a named pipe; move it away")
        #expect(loaded.damage?.sentence.contains("cannot be read (it is a named pipe; move it away)") == true)
        #expect(RegularFile.kind(path + "/progress.json") == .other)
    }

    @Test("two game windows: the one that saves last keeps the other's clears (the issue's repro)")
    func twoWindows() throws {
        let path = try folder()
        let first = "0000000000000001"
        let second = "0000000000000002"
        let windowA = ProgressStore(folder: path)
        let windowB = ProgressStore(folder: path)
        var a = windowA.loadReport().progress
        var b = windowB.loadReport().progress
        // A clears 001 and saves; B, which loaded before, saves what it has (on quit).
        a.recordClear(level: first, stars: 3, moves: 1, time: 2, at: 100)
        a = try windowA.save(a).progress
        b.setUnfinished(
            level: second, UnfinishedLine(log: [Move(row: 0, column: 0, direction: .right)], playTime: 1, usedHint: false), at: 110)
        b = try windowB.save(b).progress
        #expect(b.levels[first]?.cleared == true, "B's save returns A's clear too")
        // Interleaved further: A picks up B's line for 002; B then clears 002; A saves the
        // copy it holds, line and all.
        a = try windowA.save(a).progress
        #expect(a.unfinished[second] != nil)
        b.recordClear(level: second, stars: 2, moves: 5, time: 9, at: 120)
        try windowB.save(b)
        try windowA.save(a)
        let final = ProgressStore(folder: path).loadReport()
        #expect(final.damage == nil)
        #expect(final.progress.levels[first]?.cleared == true)
        #expect(final.progress.levels[second]?.cleared == true)
        #expect(final.progress.unfinished[second] == nil, "the clear ended 002's line; A's older copy does not bring it back")
    }

    @Test("two game windows keep each other's daily clears and streaks, merged under the lock")
    func twoWindowsDaily() throws {
        let path = try folder()
        let board = "00000000000000da"
        let days = try ["2026-03-12", "2026-03-13", "2026-03-14"].map { try #require(DailyDate($0)) }
        let windowA = ProgressStore(folder: path)
        let windowB = ProgressStore(folder: path)
        var a = windowA.loadReport().progress
        var b = windowB.loadReport().progress
        a.recordDailyClear(day: days[0], level: board, stars: 2, moves: 12, time: 40, at: 100)
        a.recordDailyClear(day: days[2], level: board, stars: 3, moves: 9, time: 30, at: 300)
        a = try windowA.save(a).progress
        // B, loaded before A's clears, clears the middle day and a level, then saves.
        b.recordDailyClear(day: days[1], level: board, stars: 3, moves: 10, time: 20, at: 200)
        b.recordDailyClear(day: days[0], level: board, stars: 3, moves: 11, time: 50, at: 210)
        b.recordClear(level: id, stars: 3, moves: 5, time: 9, at: 220)
        b = try windowB.save(b).progress
        #expect(b.dailyStreak(asOf: days[2]) == 3, "B's save returns A's days too")
        // A saves the copy it holds, without B's days: they stay.
        try windowA.save(a)
        let final = ProgressStore(folder: path).loadReport()
        #expect(final.damage == nil)
        #expect(Set(final.progress.daily.keys) == Set(days.map(\.description)))
        #expect(
            final.progress.daily["2026-03-12"]
                == LevelRecord(
                    bestStars: 3, bestMoves: 11, bestTime: 40, cleared: true, clearedAt: 210,
                    tally: .init(clears: 1, moves: 12, time: 50)))
        #expect(final.progress.dailyStreak(asOf: days[2]) == 3)
        #expect(final.progress.levels[id]?.cleared == true)
    }

    @Test("a save never writes what a load would refuse: past the record limit the file stays as it was")
    func saveBound() throws {
        let path = try folder()
        let store = ProgressStore(folder: path)
        var full = PlayerProgress()
        for index in 0..<PlayerProgress.maximumLevels {
            full.levels[String(format: "%016x", index)] = LevelRecord(bestStars: 1, cleared: true)
        }
        try store.save(full)
        var more = full
        more.recordClear(level: "ffffffffffffffff", stars: 1, moves: 1, time: 1, at: 1)
        #expect(throws: ProgressStore.SaveError.self) { try store.save(more) }
        let loaded = store.loadReport()
        #expect(loaded.damage == nil, "no record was dropped, so no copy was kept aside")
        #expect(loaded.progress.levels.count == PlayerProgress.maximumLevels)
    }

    @Test("a save waits for another copy's lock, and keeps its progress in the journal after the timeout instead of hanging")
    func lock() throws {
        let path = try folder()
        let holder = open(path + "/progress.json.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        let start = Date()
        let saved = try ProgressStore(folder: path).save(PlayerProgress())
        #expect(saved.journaled != nil)
        #expect(Date().timeIntervalSince(start) < ProgressStore.lockTimeout + 2)
        flock(holder, LOCK_UN)
        #expect(try ProgressStore(folder: path).save(PlayerProgress()).journaled == nil)
    }

    @Test("the first level is open; a clear opens the next two")
    func unlocking() {
        var progress = PlayerProgress()
        let pack = ["a", "b", "c", "d", "e"].map { String(repeating: $0, count: 16) }
        #expect(progress.unlocked(pack) == [true, false, false, false, false])
        progress.recordClear(level: pack[0], stars: 1, moves: 5, time: 1)
        #expect(progress.unlocked(pack) == [true, true, true, false, false])
        progress.recordClear(level: pack[2], stars: 1, moves: 5, time: 1)
        #expect(progress.unlocked(pack) == [true, true, true, true, true])
    }

    @Test("the default folder follows XDG_DATA_HOME")
    func folders() {
        #expect(PlayerFolders.standard(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).data == "/x/data/bloq")
        #expect(PlayerFolders.standard(environment: ["HOME": "/h"]).data == "/h/.local/share/bloq")
        #expect(PlayerFolders.standard(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).data == "/h/.local/share/bloq")
    }
}
